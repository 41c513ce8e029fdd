import {
  HAND_BACK_METHODS,
  MIN_REFUND_RUPEES,
  REFUND_REASON_MAX,
  refundRequestSchema,
  type HandBackMethod,
  type RefundDto,
} from '@shop/shared/refunds/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAdminRefunds, useHandBack, useRefund } from '../api';
import { RefundList } from './refund-list';

/** The back office is English (decision 027): what the admin does about a refund the customer's bank refused. */
const BOUNCED_FOR_ADMIN =
  'Razorpay could not pay it, and the money is back in the shop’s balance: give it back at the counter (cash or UPI) and record it below; do not refund it again here';

/** ' · refused by the bank; given back in cash on 28 Nov 2026, 3:05 pm by Ravi' for a bounced refund given back. */
function handedBackWords(r: RefundDto): string {
  if (r.status !== 'handed_back' || !r.handed_back_at) return '';
  const how = r.handed_back_method === 'upi' ? 'by UPI' : 'in cash';
  return ` · refused by the bank; given back ${how} on ${formatDateTime(r.handed_back_at)}${r.handed_back_by ? ` by ${r.handed_back_by}` : ''}`;
}

/**
 * A bounced refund's "given back at the counter", in two taps: how (cash or UPI), then confirm, since the record
 * moves that day's cash in the drawer and cannot be undone here.
 */
function HandBackControl({ orderId, refund }: { orderId: number; refund: RefundDto }) {
  const handBack = useHandBack(orderId);
  const [method, setMethod] = useState<HandBackMethod | null>(null);
  const record = async () => {
    if (!method) return;
    try {
      await handBack.mutateAsync({ refundId: refund.id, method });
      toast({
        title: 'Recorded',
        description: `${formatRupees(refund.amount)} given back ${method === 'upi' ? 'by UPI' : 'in cash'} at the counter.`,
      });
    } catch (err) {
      toast({ title: 'Not recorded', description: errorMessage(err, 'It was not recorded'), variant: 'destructive' });
    } finally {
      setMethod(null);
    }
  };
  if (!method)
    return (
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`Give back ${formatRupees(refund.amount)}`}>
        {HAND_BACK_METHODS.map((m) => (
          <Button
            key={m}
            type="button"
            variant="outline"
            size="sm"
            className="h-10 sm:h-8"
            onClick={() => setMethod(m)}
          >
            {m === 'upi' ? 'Given back by UPI' : 'Given back in cash'}
          </Button>
        ))}
      </div>
    );
  return (
    <div className="mt-2 space-y-2 rounded-md bg-slate-50 p-2 dark:bg-slate-900">
      <p className="text-sm">
        Record {formatRupees(refund.amount)} as given back {method === 'upi' ? 'by UPI' : 'in cash'} today?
        {method === 'cash' && ' It comes out of today’s cash in the drawer.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          className="h-10 sm:h-8"
          disabled={handBack.isPending}
          onClick={() => void record()}
        >
          {handBack.isPending ? 'Recording…' : 'Record'}
        </Button>
        <Button type="button" variant="outline" size="sm" className="h-10 sm:h-8" onClick={() => setMethod(null)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** The admin gives back the whole or a part of a paid order: amount (the rest by default), a reason the customer reads. */
export function RefundDialog({
  orderId,
  orderNumber,
  onClose,
}: {
  orderId: number;
  orderNumber: string;
  onClose: () => void;
}) {
  const { data, isPending } = useAdminRefunds(orderId);
  const refund = useRefund(orderId);
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const shown = amount ?? (data ? data.refundable.toFixed(2) : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = refundRequestSchema.safeParse({ amount: shown.trim() === '' ? undefined : Number(shown), reason });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as 'amount' | 'reason'] ??= i.message;
      setErrors(next);
      return;
    }
    try {
      const done = await refund.mutateAsync(parsed.data);
      toast({
        title: 'Refunded',
        description: `${formatRupees(done.refund.amount)} of ${orderNumber} is on its way back to the customer.`,
      });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields?.amount) setErrors({ amount: err.fields.amount });
      else
        toast({
          title: 'Refund not made',
          description: errorMessage(err, 'The refund was not made'),
          variant: 'destructive',
        });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Refund ${orderNumber}`}
      description={
        data
          ? `Paid ${formatRupees(data.paid)} · refunded ${formatRupees(data.refunded)} · left ${formatRupees(data.refundable)}`
          : undefined
      }
    >
      {isPending || !data ? (
        <Skeleton className="h-32" />
      ) : (
        <div className="space-y-4">
          {data.refunds.length > 0 && (
            <RefundList
              refunds={data.refunds}
              detail={(r) =>
                `${formatDateTime(r.created_at)}${r.actor_name ? ` · ${r.actor_name}` : ''}${r.status === 'bounced' ? ` · ${BOUNCED_FOR_ADMIN}` : ''}${handedBackWords(r)}`
              }
              renderAction={(r) => (r.status === 'bounced' ? <HandBackControl orderId={orderId} refund={r} /> : null)}
            />
          )}
          {data.refundable < MIN_REFUND_RUPEES ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Nothing is left to refund on this order.</p>
          ) : (
            <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
              {/* One document's part of what was paid (after its share of the discount, as on the bill), in one tap. */}
              {data.documents && data.documents.length > 1 && (
                <div className="flex flex-wrap gap-2" aria-label="Refund one document">
                  {data.documents.map((d) => (
                    <Button
                      key={d.position}
                      type="button"
                      variant="outline"
                      size="sm"
                      className="h-10 max-w-full sm:h-8"
                      disabled={d.paid > data.refundable}
                      onClick={() => {
                        setAmount(d.paid.toFixed(2));
                        setErrors((x) => ({ ...x, amount: undefined }));
                      }}
                    >
                      <span className="truncate">
                        {d.position}. {d.name}
                      </span>{' '}
                      · {formatRupees(d.paid)}
                    </Button>
                  ))}
                </div>
              )}
              <Field
                id="refund-amount"
                label="Amount to refund (₹)"
                error={errors.amount}
                hint={`From ₹1.00 up to ${formatRupees(data.refundable)}`}
              >
                <Input
                  inputMode="decimal"
                  value={shown}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setErrors((x) => ({ ...x, amount: undefined }));
                  }}
                />
              </Field>
              <Field id="refund-reason" label="Reason (the customer reads it)" error={errors.reason}>
                <Textarea
                  maxLength={REFUND_REASON_MAX}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setErrors((x) => ({ ...x, reason: undefined }));
                  }}
                />
              </Field>
              <div className="flex justify-end gap-2">
                <Button variant="outline" className="h-11 sm:h-10" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" className="h-11 sm:h-10" disabled={refund.isPending}>
                  {refund.isPending
                    ? 'Refunding…'
                    : `Refund ${Number.isFinite(Number(shown)) && shown.trim() ? formatRupees(Number(shown)) : ''}`}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </Dialog>
  );
}
