import { and, asc, gt, gte, isNotNull, lt, or, sql, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayMoney } from './day-money.ts';
import { orderDocuments, orders, refunds } from '../../db/schema/index.ts';
import { paiseToRupees } from '@shop/shared/common/money';
import { addDays, istDayStart, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type DayReport, type PaymentMethod } from '@shop/shared/reports/schemas';

/** Pages an order prints: each document's printed pages × its copies (order_documents). */
const orderPages = sql`(select coalesce(sum(d.printed_pages::bigint * d.copies), 0) from ${orderDocuments} d where d.order_id = ${orders.id})`;

/** Paid orders of [from, to): drafts awaiting payment have no paid_at and are never counted. Served by orders_paid_at_idx. */
const paidBetween = (from: Date, to: Date) => and(isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, to))!;

/** One IST day's figures, in four grouped queries over that day's paid orders only. */
export async function dayReport(db: Db, day: string): Promise<DayReport> {
  const from = istDayStart(day);
  const to = istDayStart(addDays(day, 1));
  const w = paidBetween(from, to);
  const hourOf = sql<number>`floor(extract(epoch from (${orders.paidAt} - ${from.toISOString()}::timestamptz)) / 3600)::int`;

  const [totals, methods, hours, byService, refunded] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(*)::int`,
        pickup: sql<number>`count(*) filter (where ${orders.deliveryType} = 'pickup')::int`,
        pages: sql<number>`coalesce(sum(${orderPages}), 0)::bigint`,
        revenue: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint`,
        delivery: sql<number>`coalesce(sum(${orders.deliveryCharge}), 0)::bigint`,
        discounts: sql<number>`coalesce(sum(${orders.discountAmount}), 0)::bigint`,
        open: sql<number>`count(*) filter (where ${orders.status} not in ('collected', 'delivered'))::int`,
      })
      .from(orders)
      .where(w),
    db
      .select({ method: orders.paymentMethod, orders: sql<number>`count(*)::int`, amount: sql<number>`sum(${orders.totalAmount})::bigint` })
      .from(orders)
      .where(w)
      .groupBy(orders.paymentMethod),
    // Grouped by position: the hour expression carries a parameter, and PostgreSQL does not match two copies of it.
    db.select({ hour: hourOf, orders: sql<number>`count(*)::int` }).from(orders).where(w).groupBy(sql`1`),
    db
      .select({
        serviceName: orders.serviceName,
        orders: sql<number>`count(*)::int`,
        pages: sql<number>`sum(${orderPages})::bigint`,
        amount: sql<number>`sum(${orders.totalCost})::bigint`,
      })
      .from(orders)
      .where(w)
      .groupBy(orders.serviceName)
      .orderBy(sql`sum(${orders.totalCost}) desc`, asc(orders.serviceName))
      .limit(50),
    // Refunds made that day (whenever the order was paid); failed ones gave nothing back.
    db
      .select({ count: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint` })
      .from(refunds)
      .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to), sql`${refunds.status} <> 'failed'`)),
  ]);

  const t = totals[0]!;
  const byMethod = new Map(methods.map((m) => [m.method as PaymentMethod, m]));
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const h of hours) if (h.hour >= 0 && h.hour < 24) byHour[h.hour] = Number(h.orders);
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  return {
    date: day,
    orders: n(t.orders),
    pickupOrders: n(t.pickup),
    deliveryOrders: n(t.orders) - n(t.pickup),
    pagesPrinted: n(t.pages),
    revenue: paiseToRupees(n(t.revenue)),
    deliveryCharges: paiseToRupees(n(t.delivery)),
    discounts: paiseToRupees(n(t.discounts)),
    byPaymentMethod: PAYMENT_METHODS.map((method) => ({
      method,
      label: PAYMENT_METHOD_LABELS[method],
      orders: n(byMethod.get(method)?.orders),
      amount: paiseToRupees(n(byMethod.get(method)?.amount)),
    })),
    refunds: { count: n(refunded[0]?.count), amount: paiseToRupees(n(refunded[0]?.amount)) },
    byHour,
    byService: byService.map((s) => ({ serviceName: s.serviceName, orders: n(s.orders), pages: n(s.pages), amount: paiseToRupees(n(s.amount)) })),
    stillOpen: n(t.open),
    ...(await dayMoney(db, from, to)),
  };
}

export type CsvOrderRow = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'orderNumber'
  | 'paidAt'
  | 'userName'
  | 'mobileNumber'
  | 'serviceName'
  | 'pageCount'
  | 'copies'
  | 'sides'
  | 'deliveryType'
  | 'status'
  | 'paymentMethod'
  | 'paymentId'
  | 'subtotal'
  | 'discountAmount'
  | 'deliveryCharge'
  | 'totalAmount'
>;

/** Paid orders of [from, to) in pay order, a batch at a time (keyset on paid_at, id): memory stays flat for a year of orders. */
export async function* paidOrdersBetween(db: Db, from: Date, to: Date, batch = 500): AsyncGenerator<CsvOrderRow> {
  let after: { paidAt: Date; id: number } | null = null;
  for (;;) {
    const range = paidBetween(from, to);
    const cursor: ReturnType<typeof and> = after
      ? or(gt(orders.paidAt, after.paidAt), and(eq(orders.paidAt, after.paidAt), gt(orders.id, after.id)))
      : undefined;
    const rows: CsvOrderRow[] = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        paidAt: orders.paidAt,
        userName: orders.userName,
        mobileNumber: orders.mobileNumber,
        serviceName: orders.serviceName,
        pageCount: orders.pageCount,
        copies: orders.copies,
        sides: orders.sides,
        deliveryType: orders.deliveryType,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        paymentId: orders.paymentId,
        subtotal: orders.subtotal,
        discountAmount: orders.discountAmount,
        deliveryCharge: orders.deliveryCharge,
        totalAmount: orders.totalAmount,
      })
      .from(orders)
      .where(cursor ? and(range, cursor) : range)
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { paidAt: last.paidAt!, id: last.id };
  }
}
