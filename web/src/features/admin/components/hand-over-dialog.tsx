import { statusChangeSchema } from '@shop/shared/orders/back-office-routes';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import type { BackOfficeOrder } from '../api';

/**
 * The admin marks a pickup order collected without its pickup code (decision 033): only with a reason, which goes on
 * the order's timeline (the customer sees it there too). The counter collects with the code instead.
 */
export function HandOverDialog({
  order,
  onClose,
  onHandOver,
}: {
  order: BackOfficeOrder;
  onClose: () => void;
  onHandOver: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = statusChangeSchema.safeParse({ status: 'collected', reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setSaving(true);
    try {
      await onHandOver(parsed.data.reason!);
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Hand over ${order.order_number} without the code?`}
      description={`${order.customer_name} has a pickup code. Without it, say who collected the order and what they showed. The reason goes on the order’s timeline, where the customer sees it too.`}
    >
      <form noValidate className="space-y-3" onSubmit={(e) => void submit(e)}>
        <Field id="hand-over-reason" label="Reason" error={error}>
          <Textarea
            maxLength={300}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" className="h-11 sm:h-10" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="h-11 sm:h-10" disabled={saving}>
            {saving ? 'Saving…' : 'Mark collected'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
