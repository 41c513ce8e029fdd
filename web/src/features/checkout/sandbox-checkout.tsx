import { CreditCard, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { formatPaise } from '@shop/shared/common/money';
import { completeSandboxPayment } from './api';
import type { CheckoutSuccess } from './razorpay';
import { useCheckoutText } from './texts';

/**
 * The built-in sandbox payment window: looks and behaves like Razorpay's (pay, fail, dismiss). The server signs the
 * payment exactly as Razorpay would, so verification runs the same code as in production.
 */
export function SandboxCheckout({
  open,
  shopName,
  amountPaise,
  providerOrderId,
  prefill,
  onSuccess,
  onFailure,
  onDismiss,
}: {
  open: boolean;
  shopName: string;
  amountPaise: number;
  providerOrderId: string;
  prefill: { name: string; email: string; contact: string };
  onSuccess: (res: CheckoutSuccess) => void;
  onFailure: (message: string) => void;
  onDismiss: () => void;
}) {
  const [busy, setBusy] = useState<'pay' | 'fail' | null>(null);
  const t = useCheckoutText();
  const run = async (outcome: 'success' | 'failure') => {
    setBusy(outcome === 'success' ? 'pay' : 'fail');
    try {
      const res = await completeSandboxPayment(providerOrderId, outcome);
      onSuccess(res);
    } catch (err) {
      onFailure(errorMessage(err, t('failed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && !busy && onDismiss()}
      title={shopName}
      description={t('secure')}
      className="max-w-sm"
    >
      <div data-testid="sandbox-checkout">
        <div className="relative rounded-lg bg-[#2b83ea] px-4 py-4 text-white">
          <span className="absolute right-3 top-3 rounded bg-amber-400 px-2 py-0.5 text-[10px] font-bold tracking-wide text-amber-950">
            {t('testMode')}
          </span>
          <p className="text-xs opacity-80">{t('order', { id: providerOrderId })}</p>
          <p className="mt-1 text-2xl font-bold">{formatPaise(amountPaise)}</p>
          <p className="mt-1 text-xs opacity-80">
            {prefill.name} · {prefill.contact || prefill.email}
          </p>
        </div>
        <div className="space-y-3 pt-4">
          <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
            <CreditCard className="h-5 w-5 text-slate-500 dark:text-slate-400" aria-hidden />
            <span>{t('methods')}</span>
          </div>
          <Button className="w-full" size="lg" disabled={!!busy} onClick={() => run('success')}>
            {busy === 'pay' ? t('processing') : t('pay', { amount: formatPaise(amountPaise) })}
          </Button>
          <Button variant="outline" className="w-full" disabled={!!busy} onClick={() => run('failure')}>
            <X className="h-4 w-4" aria-hidden /> {t('simulateFailure')}
          </Button>
          <p className="flex items-center justify-center gap-1 text-xs text-slate-500 dark:text-slate-400">
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden /> {t('secured')}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
