import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { localizeMessage } from '@/lib/i18n/messages';
import { useProfileText } from '../texts';
import { useUpdateProfile } from '../api';

/** Name edit that really saves. */
export function EditProfile({ name, onDone }: { name: string; onDone: () => void }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const t = useProfileText();
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError(localizeMessage('Invalid name: Please enter a valid name.'));
      toast({ title: t('invalidName'), description: t('invalidNameText'), variant: 'destructive' });
      return;
    }
    setError(null);
    try {
      await update.mutateAsync(value.trim());
      toast({ title: t('updated'), description: t('updatedText') });
      onDone();
    } catch {
      toast({ title: t('updateFailed'), description: t('updateFailedText'), variant: 'destructive' });
    }
  };
  return (
    <form onSubmit={save} className="space-y-3" noValidate>
      <Field id="profile-name" label={t('name')} error={error ?? undefined}>
        <Input value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} autoFocus />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
