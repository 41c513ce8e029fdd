import { formatDateTime } from '@/lib/format';
import { useOrderRefunds } from '../api';
import { useRefundsText } from '../texts';
import { RefundList } from './refund-list';

/** On the customer's tracking page: money given back on this order, if any. */
export function OrderRefunds({ orderNumber, paid }: { orderNumber: string; paid: boolean }) {
  const { data } = useOrderRefunds(orderNumber, paid);
  const t = useRefundsText();
  if (!data || data.refunds.length === 0) return null;
  return (
    <section className="space-y-2" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <RefundList
        refunds={data.refunds}
        detail={(r) => {
          const when = formatDateTime(r.created_at);
          if (r.status === 'handed_back' && r.handed_back_at)
            return t('detailHandedBack', {
              when,
              given: formatDateTime(r.handed_back_at),
              method: r.handed_back_method ?? 'cash',
            });
          return t(
            r.status === 'processed' ? 'detailProcessed' : r.status === 'bounced' ? 'detailBounced' : 'detailOnItsWay',
            { when },
          );
        }}
      />
    </section>
  );
}
