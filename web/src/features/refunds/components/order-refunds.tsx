import { formatDateTime } from '@/lib/format';
import { useOrderRefunds } from '../api';
import { RefundList } from './refund-list';

/** On the customer's tracking page: money given back on this order, if any. */
export function OrderRefunds({ orderNumber, paid }: { orderNumber: string; paid: boolean }) {
  const { data } = useOrderRefunds(orderNumber, paid);
  if (!data || data.refunds.length === 0) return null;
  return (
    <section className="space-y-2" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="text-lg font-semibold">Refunds</h2>
      <RefundList
        refunds={data.refunds}
        detail={(r) => `${formatDateTime(r.created_at)} · ${r.status === 'processed' ? 'banks usually show it within 5–7 working days' : 'on its way'}`}
      />
    </section>
  );
}
