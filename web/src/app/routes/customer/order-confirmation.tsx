import { CheckCircle2 } from 'lucide-react';
import { Link, useParams } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/orders/api';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useAccountText } from '../../i18n/account';
import { formatRupees } from '@/lib/format';
import { documentLine, useWordsText } from '@/lib/i18n/words';

/** /order-confirmation/{orderNumber}: the placed order at a glance. */
export default function OrderConfirmationPage() {
  const { orderNumber = '' } = useParams();
  const { data: order, isPending, error } = useOrder(orderNumber);
  const t = useAccountText();
  useWordsText();
  if (isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner className="h-10 w-10" />
      </div>
    );
  if (error || !order) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('confirm.notFound')}</h1>
        <Link to={paths.orderHistory} className={buttonClass('default', 'default', 'mt-6')}>
          {t('confirm.history')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card className="p-6 text-center">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold">{t('confirm.placed')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('confirm.order', { order: order.order_number })}</p>
        <dl className="mt-6 space-y-2 text-left text-sm">
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-slate-500 dark:text-slate-400">
              {t('confirm.file', { count: order.documents.length })}
            </dt>
            <dd className="min-w-0 text-right">
              <ul>
                {order.documents.map((d) => (
                  <li key={d.position} className="break-words" data-testid="document-line">
                    {documentLine(d)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500 dark:text-slate-400">{t('confirm.paid')}</dt>
            <dd className="font-semibold">{formatRupees(order.total_amount)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500 dark:text-slate-400">{t('confirm.status')}</dt>
            <dd>
              <StatusBadge status={order.status} deliveryType={order.delivery_type} />
            </dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to={paths.orderTracking(order.order_number)} className={buttonClass()}>
            {t('confirm.track')}
          </Link>
          <Link to={paths.orderHistory} className={buttonClass('outline')}>
            {t('confirm.history')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
