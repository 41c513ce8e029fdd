/**
 * Bench row for the day report: the admin's report for a day with 2,000 paid orders, on top of the
 * bench's 10,000-order history, answered by the running shop (PGlite, as `npm start` runs it) within 200 ms.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client.ts';
import { median } from './support.ts';

export const REPORT_DAY = '2026-01-15';
export const REPORT_DAY_ORDERS = 2_000;

/** 2,000 orders paid through one IST day (busier at midday), copying the bench's first order for everything else. */
export async function insertReportDay(db: Db) {
  await db.execute(sql`
    insert into orders (order_number, user_id, user_name, document_names, subtotal, total_cost, delivery_charge, total_amount, address, door_number, pincode,
      mobile_number, delivery_type, status, payment_status, payment_id, razorpay_order_id, payment_method, paid_at, created_at)
    select 'PS-RPT-' || lpad(g::text, 5, '0'), o.user_id, o.user_name, o.document_names, o.subtotal, o.total_cost, o.delivery_charge,
      o.total_amount + g % 7 * 100, o.address, o.door_number, o.pincode, o.mobile_number, o.delivery_type, 'collected', 'completed', 'pay_rpt_' || g,
      'order_rpt_' || g, (array['online', 'online', 'cash', 'upi_counter'])[1 + g % 4],
      ${`${REPORT_DAY}T09:00:00+05:30`}::timestamptz + ((g * 997) % 43200 || ' seconds')::interval,
      ${`${REPORT_DAY}T09:00:00+05:30`}::timestamptz + ((g * 997) % 43200 || ' seconds')::interval
    from generate_series(1, ${REPORT_DAY_ORDERS}) g, (select * from orders order by id limit 1) o`);
  // Each with one document copied from the bench's first order's, 5 to 44 pages, 1 to 3 copies.
  await db.execute(sql`
    insert into order_documents (order_id, position, service_id, service_name, file_id, file_path, original_filename, printing_type, paper_type, paper_size,
      orientation, sides, copies, page_count, page_range, printed_pages, printing_cost, binding_cost)
    select o.id, 1, d.service_id, d.service_name, d.file_id, d.file_path, d.original_filename, d.printing_type, d.paper_type, d.paper_size, d.orientation,
      d.sides, 1 + g % 3, 5 + g % 40, '', 5 + g % 40, d.printing_cost, 0
    from generate_series(1, ${REPORT_DAY_ORDERS}) g
    join orders o on o.order_number = 'PS-RPT-' || lpad(g::text, 5, '0')
    cross join (select * from order_documents order by order_id, position limit 1) d`);
  await db.execute(sql`analyze orders`);
}

export async function benchDayReport(base: string, admin: Record<string, string>) {
  const url = `${base}/api/admin/reports/day?date=${REPORT_DAY}`;
  const times: number[] = [];
  let orders = 0;
  for (let i = 0; i < 11; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: admin });
    const body = (await res.json()) as { orders: number };
    times.push(performance.now() - t0);
    orders = body.orders;
  }
  const ms = median(times.slice(1));
  return {
    measure: `Day report for a day with ${REPORT_DAY_ORDERS.toLocaleString('en-IN')} orders (PGlite, whole request), median of 10`,
    result: `${ms.toFixed(1)} ms (${orders} orders counted)`,
    target: '≤ 200 ms',
    pass: ms <= 200 && orders === REPORT_DAY_ORDERS,
  };
}
