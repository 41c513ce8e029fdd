import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api';

/** Name edit that really saves. */
export function EditProfile({ name, onDone }: { name: string; onDone: () => void }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError('Invalid name: Please enter a valid name.');
      toast({ title: 'Invalid name', description: 'Please enter a valid name.', variant: 'destructive' });
      return;
    }
    setError(null);
    try {
      await update.mutateAsync(value.trim());
      toast({ title: 'Profile updated', description: 'Your name has been saved.' });
      onDone();
    } catch {
      toast({ title: 'Update failed', description: 'There was an error updating your profile. Please try again.', variant: 'destructive' });
    }
  };
  return (
    <form onSubmit={save} className="space-y-3" noValidate>
      <Field id="profile-name" label="Name" error={error ?? undefined}>
        <Input value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} autoFocus />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save'}</Button>
        <Button variant="outline" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}
