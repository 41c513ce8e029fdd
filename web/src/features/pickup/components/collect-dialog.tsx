import { collectRequestSchema, parsePickupQr, PICKUP_CODE_LENGTH } from '@shop/shared/pickup/schemas';
import { AlertTriangle, ScanLine } from 'lucide-react';
import { backOfficeStatusLabel, useWordsText } from '@/lib/i18n/words';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import type { BackOfficeOrder } from '@/features/admin/api';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCollect } from '../api';
import { usePickupText } from '../texts';
import { localizeMessage } from '@/lib/i18n/messages';
import { QrScanner, canScanQr } from './qr-scanner';

/** The counter collects a pickup order: the customer's code typed, or their QR code scanned with the camera. */
/** `initialCode`: the code the clerk typed or scanned into the queue's search box (the order was found by it). */
export function CollectDialog({
  order,
  initialCode = '',
  onClose,
}: {
  order: BackOfficeOrder;
  initialCode?: string;
  onClose: () => void;
}) {
  const collect = useCollect();
  const t = usePickupText();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string>();
  const [scanning, setScanning] = useState(false);
  useWordsText();
  // Never printed (still new): handing it over is most likely a slip of the finger, so the dialog says so and asks.
  const unprinted = order.status === 'unvisited' || order.status === 'visited';

  const submit = async (typed: string) => {
    const parsed = collectRequestSchema.safeParse({ code: typed });
    if (!parsed.success) return setError(localizeMessage(parsed.error.issues[0]?.message));
    try {
      await collect.mutateAsync({ ref: order.id, code: parsed.data.code });
      toast({
        title: t('collected'),
        description: t('collectedText', { order: order.order_number }),
        variant: 'success',
      });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? localizeMessage(err.message) : errorMessage(err, t('notCollected')));
    }
  };
  const onScan = (text: string) => {
    setScanning(false);
    const qr = parsePickupQr(text);
    if (!qr) return setError(t('qrNotOurs'));
    if (qr.orderNumber !== order.order_number)
      return setError(t('qrOther', { other: qr.orderNumber, order: order.order_number }));
    setCode(qr.code);
    void submit(qr.code);
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('collect', { order: order.order_number })}
      description={t('ask', { name: order.customer_name })}
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void submit(code);
        }}
      >
        <Field id="pickup-code" label={t('label')} error={error}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={PICKUP_CODE_LENGTH + 2}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(undefined);
            }}
            className="font-mono text-lg tracking-widest"
          />
        </Field>
        {unprinted && (
          <p
            role="alert"
            data-testid="not-printed"
            className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{t('notPrinted', { status: backOfficeStatusLabel(order.status, order.delivery_type) })}</span>
          </p>
        )}
        {scanning && <QrScanner onResult={onScan} onCancel={() => setScanning(false)} />}
        <div className="flex flex-wrap justify-end gap-2">
          {canScanQr() && !scanning && (
            <Button variant="outline" className="h-11 sm:h-10" onClick={() => setScanning(true)}>
              <ScanLine className="h-4 w-4" aria-hidden /> {t('scan')}
            </Button>
          )}
          <Button type="submit" className="h-11 sm:h-10" disabled={collect.isPending}>
            {collect.isPending ? t('checking') : unprinted ? t('markAnyway') : t('mark')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
