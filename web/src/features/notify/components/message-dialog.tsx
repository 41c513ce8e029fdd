import { MESSAGE_MAX, orderMessageSchema } from '@shop/shared/orders/messages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import type { BackOfficeOrder } from '@/features/admin/api';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useNotifyText } from '../texts';
import { useSendMessage } from '../api';

/** The counter writes to the customer about an order: mailed to them and shown on their tracking page. */
export function MessageDialog({ order, onClose }: { order: BackOfficeOrder; onClose: () => void }) {
  const send = useSendMessage(order.order_number);
  const t = useNotifyText();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = orderMessageSchema.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      await send.mutateAsync(parsed.data.body);
      toast({ title: t('sent'), description: t('sentText', { name: order.customer_name }), variant: 'success' });
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('notSent')));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('title', { order: order.order_number })}
      description={t('to', { name: order.customer_name })}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <Field id="order-message" label={t('label')} error={error} hint={t('hint', { max: MESSAGE_MAX })}>
          <Textarea
            maxLength={MESSAGE_MAX}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setError(undefined);
            }}
            placeholder={t('placeholder')}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" className="h-11 sm:h-10" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" className="h-11 sm:h-10" disabled={send.isPending}>
            {send.isPending ? t('sending') : t('send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
