import { collectRequestSchema, parsePickupQr, PICKUP_CODE_LENGTH } from '@shop/shared/pickup/schemas';
import { ScanLine } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import type { BackOfficeOrder } from '@/features/admin/api';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCollect } from '../api';
import { QrScanner, canScanQr } from './qr-scanner';

/** The counter collects a pickup order: the customer's code typed, or their QR code scanned with the camera. */
export function CollectDialog({ order, onClose }: { order: BackOfficeOrder; onClose: () => void }) {
  const collect = useCollect();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [scanning, setScanning] = useState(false);

  const submit = async (typed: string) => {
    const parsed = collectRequestSchema.safeParse({ code: typed });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      await collect.mutateAsync({ ref: order.id, code: parsed.data.code });
      toast({ title: 'Collected', description: `${order.order_number} is marked collected.`, variant: 'success' });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : errorMessage(err, 'Not collected'));
    }
  };
  const onScan = (text: string) => {
    setScanning(false);
    const qr = parsePickupQr(text);
    if (!qr) return setError('That QR code is not a pickup code of this shop.');
    if (qr.orderNumber !== order.order_number) return setError(`That QR code is for ${qr.orderNumber}, not ${order.order_number}.`);
    setCode(qr.code);
    void submit(qr.code);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Collect ${order.order_number}`} description={`Ask ${order.customer_name} for the pickup code on their order page or mail.`}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void submit(code);
        }}
      >
        <Field id="pickup-code" label="Pickup code" error={error}>
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
        {scanning && <QrScanner onResult={onScan} onCancel={() => setScanning(false)} />}
        <div className="flex flex-wrap justify-end gap-2">
          {canScanQr() && !scanning && (
            <Button variant="outline" className="h-11 sm:h-10" onClick={() => setScanning(true)}>
              <ScanLine className="h-4 w-4" aria-hidden /> Scan QR code
            </Button>
          )}
          <Button type="submit" className="h-11 sm:h-10" disabled={collect.isPending}>
            {collect.isPending ? 'Checking…' : 'Mark collected'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
