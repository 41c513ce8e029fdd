import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { loadRazorpay, type CheckoutSuccess } from '@/features/checkout/razorpay';
import { verifyPayment, type CreatePaymentOrderResponse } from '@/features/checkout/api';
import { SandboxCheckout } from '@/features/checkout/sandbox-checkout';
import { errorMessage } from '@/lib/api-client';
import { documentLine, useWordsText } from '@/lib/i18n/words';
import { formatRupees, relativeTime } from '@/lib/format';
import { ordersText, useOrdersText } from '../texts';
import { shopConfig, shopText } from '@/lib/shop-config';
import { toast } from '@/lib/toast';
import { discardDraft, reopenDraftPayment, useDraftOrders, type DraftOrder } from '../api';

/**
 * "Awaiting payment" (decision 002): orders whose payment was cancelled or failed, with Pay now and Discard,
 * on the dashboard and in the order history. They expire DRAFT_EXPIRY_HOURS after they were made.
 */
export function AwaitingPayment() {
  const { data: drafts = [] } = useDraftOrders();
  const t = useOrdersText();
  useWordsText();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<DraftOrder | null>(null);
  const [sandbox, setSandbox] = useState<CreatePaymentOrderResponse | null>(null);
  if (drafts.length === 0) return null;

  const paid = async (res: CheckoutSuccess) => {
    setSandbox(null);
    try {
      const verified = await verifyPayment(res);
      toast({ title: t('pay.placed'), description: t('pay.placedText') });
      await qc.invalidateQueries({ queryKey: ['orders'] });
      navigate(paths.orderTracking(verified.orderNumber));
    } catch (err) {
      toast({
        title: t('pay.verifyFailed'),
        description: errorMessage(err, t('pay.verifyFailedText')),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };
  const payNow = async (draft: DraftOrder) => {
    setBusy(draft.order_number);
    try {
      const order = await reopenDraftPayment(draft.order_number);
      if (order.provider === 'sandbox') {
        setSandbox(order);
        return;
      }
      await loadRazorpay(shopConfig.payments.checkoutUrl);
      new window.Razorpay!({
        key: order.key,
        amount: order.amount,
        currency: 'INR',
        name: shopText('name'),
        description: ordersText('awaiting.order', { number: order.orderNumber }),
        order_id: order.id,
        prefill: order.prefill,
        handler: (res) => void paid(res),
        modal: { ondismiss: () => setBusy(null) },
        theme: { color: '#1d4ed8' },
      }).open();
    } catch (err) {
      setBusy(null);
      void qc.invalidateQueries({ queryKey: ['orders', 'drafts'] });
      toast({
        title: t('awaiting.couldNotStart'),
        description: errorMessage(err, t('awaiting.tryAgain')),
        variant: 'destructive',
      });
    }
  };
  const discard = async (draft: DraftOrder) => {
    setBusy(draft.order_number);
    try {
      await discardDraft(draft.order_number);
      toast({
        title: t('awaiting.discarded'),
        description: t('awaiting.discardedText', { number: draft.order_number }),
      });
    } catch (err) {
      toast({
        title: t('awaiting.couldNotDiscard'),
        description: errorMessage(err, t('awaiting.tryAgain')),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
      setConfirming(null);
      void qc.invalidateQueries({ queryKey: ['orders', 'drafts'] });
    }
  };

  return (
    <Card className="border-amber-300 dark:border-amber-800" data-testid="awaiting-payment">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="h-5 w-5 text-amber-600" aria-hidden /> {t('awaiting.title')}
        </CardTitle>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('awaiting.text')}</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {drafts.map((d) => {
            return (
              <li
                key={d.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="draft-order"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-mono font-medium">{d.order_number}</p>
                  <ul className="text-slate-600 dark:text-slate-400">
                    {d.documents.map((x) => (
                      <li key={x.position} className="truncate">
                        {documentLine(x)}
                      </li>
                    ))}
                  </ul>
                  <p className="text-slate-600 dark:text-slate-400">
                    {t('awaiting.expires', { amount: formatRupees(d.total_amount), when: relativeTime(d.expires_at) })}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" disabled={busy !== null} onClick={() => void payNow(d)}>
                    {busy === d.order_number
                      ? t('awaiting.opening')
                      : t('awaiting.payNow', { amount: formatRupees(d.total_amount) })}
                  </Button>
                  <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => setConfirming(d)}>
                    {t('awaiting.discard')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title={t('awaiting.discardTitle', { number: confirming?.order_number ?? '' })}
        description={t('awaiting.discardText')}
        cancelLabel={t('awaiting.keep')}
        confirmLabel={t('awaiting.discardYes')}
        busy={busy !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={async () => {
          if (confirming) await discard(confirming);
        }}
      />
      {sandbox && (
        <SandboxCheckout
          open
          shopName={shopText('name')}
          amountPaise={sandbox.amount}
          providerOrderId={sandbox.id}
          prefill={sandbox.prefill}
          onSuccess={(res) => void paid(res)}
          onFailure={(message) => toast({ title: t('pay.failed'), description: message, variant: 'destructive' })}
          onDismiss={() => {
            setSandbox(null);
            setBusy(null);
          }}
        />
      )}
    </Card>
  );
}
