import { trackingStep } from '@shop/shared/common/status';
import { CheckCircle2, Circle, Phone } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, Spinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/orders/api';
import { OrderDocumentsList } from '@/features/orders/components/order-documents-list';
import { OrderFactsCards } from '@/features/orders/components/order-facts';
import { PrintAgainButton } from '@/features/orders/components/print-again';
import { addressLines } from '@/features/orders/components/order-address';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRupees } from '@/lib/format';
import { findPlacedOrder, type PlacedOrder } from '@/lib/placed-orders';
import { shopConfig, shopText } from '@/lib/shop-config';
import { OrderRefunds } from '@/features/refunds/components/order-refunds';
import { InvoiceLinks } from '@/features/invoices/components/invoice-links';
import { PickupCodeCard } from '@/features/pickup/components/pickup-code-card';
import { OrderMessages } from '@/features/notify/components/order-messages';
import { customerStatusLabel, trackingSteps, useWordsText } from '@/lib/i18n/words';
import { trackingRich, useTrackingText } from '../../i18n/tracking';
import { OrderFilesCard } from '@/features/files/components/order-files-card';

/** /order-tracking/{orderNumber} and /order/{orderNumber}. */
export default function OrderTrackingPage() {
  const { orderNumber = '' } = useParams();
  const { data: order, isPending, error, refetch, isFetching } = useOrder(orderNumber);
  const { data: user } = useUser();
  const t = useTrackingText();
  useWordsText();

  if (isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner className="h-10 w-10" />
      </div>
    );
  // A failed refresh keeps showing the order already loaded (the 10 s refresh tries again).
  if (!order) {
    // While the server does not return it, an order this browser paid for is shown from its saved copy, as processing.
    const saved = findPlacedOrder(user?.id, orderNumber);
    if (saved) return <SavedOrderView saved={saved} retry={() => void refetch()} retrying={isFetching} />;
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{notFound ? t('notFound') : t('errorTitle')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {notFound ? t('notFoundText', { order: orderNumber }) : t('errorText')}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to={paths.orderHistory} className={buttonClass('default')}>
            {t('history')}
          </Link>
          <Link to={paths.home} className={buttonClass('outline')}>
            {t('goHome')}
          </Link>
        </div>
      </div>
    );
  }

  const { documents } = order;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('title', { order: order.order_number })}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('placed', { when: formatDateTime(order.paid_at ?? order.created_at) })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={order.status} deliveryType={order.delivery_type} />
          <PrintAgainButton orderNumber={order.order_number} />
        </div>
      </div>

      <ProgressCard status={order.status} deliveryType={order.delivery_type} />
      <PickupCodeCard
        orderNumber={order.order_number}
        show={
          order.delivery_type === 'pickup' &&
          Boolean(order.paid_at) &&
          order.status !== 'collected' &&
          order.status !== 'delivered'
        }
      />

      {/* Every document, one line each (its pages, colour split and copies), as every screen, mail and bill says it. */}
      <Card>
        <CardHeader>
          <CardTitle>{t('documents', { count: documents.length })}</CardTitle>
        </CardHeader>
        <CardContent>
          <OrderDocumentsList documents={documents} />
        </CardContent>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <OrderFactsCards
          facts={{
            documents: documents.length,
            pagesPrinted: documents.reduce((n, d) => n + d.printed_pages * d.copies, 0),
            subtotal: order.subtotal,
            discount: order.discount_amount,
            total: order.total_amount,
            delivery: order.delivery_charge === 0 ? t('free') : formatRupees(order.delivery_charge),
            paid: order.payment_status === 'completed',
          }}
        />
        <Card>
          <CardHeader>
            <CardTitle>{order.delivery_type === 'pickup' ? t('shopPickup') : t('homeDelivery')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm">
            {addressLines(order).map((l) => (
              <p key={l}>{l}</p>
            ))}
            <p className="text-slate-600 dark:text-slate-400">{t('mobile', { mobile: order.mobile_number })}</p>
            {order.delivery_type === 'pickup' && (
              <p className="text-slate-600 dark:text-slate-400">{shopText('address')}</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('timeline')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-3 border-l-2 border-slate-200 pl-4 text-sm dark:border-slate-700">
              {(order.timeline ?? []).map((e, i) => (
                <li key={i}>
                  <p className="font-medium">
                    {e.from_status === 'pending_payment'
                      ? t('placedPaid')
                      : customerStatusLabel(e.to_status, order.delivery_type)}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {e.from_status && e.from_status !== 'pending_payment'
                      ? t('was', {
                          when: formatDateTime(e.created_at),
                          status: customerStatusLabel(e.from_status, order.delivery_type),
                        })
                      : formatDateTime(e.created_at)}
                  </p>
                  {e.note && (
                    <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="timeline-note">
                      {e.note}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>

      <OrderFilesCard orderNumber={order.order_number} files={order.files} deliveryType={order.delivery_type} />
      <OrderMessages orderNumber={order.order_number} />
      <InvoiceLinks orderNumber={order.order_number} paid={Boolean(order.paid_at)} />
      <OrderRefunds orderNumber={order.order_number} paid={Boolean(order.paid_at)} />
      <ContactCard />
    </div>
  );
}

/** The five-step progress bar, in the customers' words (Ready for pickup / Collected for pickups). */
function ProgressCard({ status, deliveryType }: { status: string; deliveryType: string }) {
  const step = trackingStep(status);
  const t = useTrackingText();
  const stepLabels = trackingSteps(deliveryType);
  const pct = (step / stepLabels.length) * 100;
  return (
    <Card>
      <CardContent className="pt-5">
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          role="progressbar"
          aria-valuenow={pct}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('progress')}
        >
          <div className="h-full rounded-full bg-green-600 transition-all" style={{ width: `${pct}%` }} />
        </div>
        {/* A column of steps on phones (five labels side by side do not fit 390 px), a row from 640 px. */}
        <ol aria-label={t('steps')} className="mt-4 grid gap-2 text-sm sm:grid-cols-5 sm:gap-1 sm:text-center">
          {stepLabels.map((label, i) => {
            const reached = i < step;
            const Icon = reached ? CheckCircle2 : Circle;
            return (
              <li
                key={label}
                aria-current={i === step - 1 ? 'step' : undefined}
                className={cn(
                  'flex items-center gap-2 sm:flex-col sm:gap-1',
                  reached ? 'font-semibold text-green-700 dark:text-green-400' : 'text-slate-500 dark:text-slate-400',
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                <span>{label}</span>
                <span className="sr-only">{reached ? t('done') : t('notYet')}</span>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

/**
 * The order as saved on this device when its payment was verified, while the shop's server does not return it
 * (shown as processing). Says so plainly, and keeps trying: the live page replaces it once the server
 * answers.
 */
function SavedOrderView({ saved, retry, retrying }: { saved: PlacedOrder; retry: () => void; retrying: boolean }) {
  const o = saved.printingOptions;
  const t = useTrackingText();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('title', { order: saved.orderNumber })}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('placed', { when: formatDateTime(saved.placedAt) })}
          </p>
        </div>
        <StatusBadge status="processing" deliveryType={saved.deliveryType} />
      </div>
      <div
        role="status"
        className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p>{t('saved')}</p>
        <Button variant="outline" onClick={retry} disabled={retrying} className="shrink-0">
          {retrying ? t('checking') : t('tryAgain')}
        </Button>
      </div>

      <ProgressCard status="processing" deliveryType={saved.deliveryType} />

      {saved.documentLines?.length ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('documents', { count: saved.documentLines.length })}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-1 text-sm">
              {saved.documentLines.map((line, i) => (
                <li key={i} data-testid="document-line">
                  {line}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <OrderFactsCards
          facts={{
            documents: saved.documentLines?.length ?? 1,
            pagesPrinted: saved.pagesPrinted ?? saved.pdfInfo.pageCount * o.copies,
            subtotal: saved.costSummary.subtotal ?? saved.costSummary.totalCost,
            discount: saved.costSummary.discount ?? 0,
            total: saved.costSummary.finalAmount,
            delivery:
              saved.deliveryType === 'pickup'
                ? t('shopPickup')
                : saved.deliveryCharge === 0
                  ? t('homeDeliveryFree')
                  : t('homeDeliveryCharge', { charge: formatRupees(saved.deliveryCharge) }),
            // Saved only once the payment was verified.
            paid: true,
          }}
        />
      </div>

      <ContactCard />
    </div>
  );
}

/** Contact phone, 'Need Help? Contact Support' and Go Home. */
function ContactCard() {
  const t = useTrackingText();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Phone className="h-4 w-4 shrink-0" aria-hidden />
          {trackingRich(
            'call',
            {
              phone: (
                <a
                  className="inline-block whitespace-nowrap py-2 -my-2 font-medium text-brand-700 underline dark:text-brand-100"
                  href={`tel:${shopConfig.phone.replace(/\s/g, '')}`}
                />
              ),
            },
            { phone: shopConfig.phone },
          )}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={`${paths.home}?tab=contact`} className={buttonClass('outline', 'default', 'whitespace-nowrap')}>
            {t('help')}
          </Link>
          <Link to={paths.home} className={buttonClass('ghost', 'default', 'whitespace-nowrap')}>
            {t('goHome')}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
