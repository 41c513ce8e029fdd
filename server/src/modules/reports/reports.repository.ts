import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayMoney } from './day-money.ts';
import { orderDocuments, orders, refunds } from '../../db/schema/index.ts';
import { paiseToRupees } from '@shop/shared/common/money';
import {
  addDays,
  istDayStart,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type DayReport,
  type PaymentMethod,
} from '@shop/shared/reports/schemas';

/**
 * The admin's day report and the accountant's CSV, from the orders' documents (decision 036): each document under
 * its own service, with the pages it printed (pages in range × copies) and its value before the order's discount;
 * the discounts and delivery charges are the orders' own, shown apart. So, for any day:
 *   Σ byService.amount = printingAndBinding;  printingAndBinding − discounts + deliveryCharges = revenue
 * and the CSV's columns add up to the same figures (orders-csv.ts). Each part of the report is its own function, so
 * more parts (tax totals, refunds by method, cash in the drawer) join without touching these.
 */

/** Pages a document prints: its pages in range × its copies. */
const documentPages = sql`${orderDocuments.printedPages}::bigint * ${orderDocuments.copies}`;
/** A document's printing and binding, before the order's discount. */
const documentValue = sql`${orderDocuments.printingCost}::bigint + ${orderDocuments.bindingCost}`;

/** Paid orders of [from, to): drafts awaiting payment have no paid_at and are never counted. Served by orders_paid_at_idx. */
const paidBetween = (from: Date, to: Date) =>
  and(isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, to))!;

const n = (v: number | string | null | undefined) => Number(v ?? 0);

/** An IST calendar day as the instants [from, to). */
export function istDay(day: string): { from: Date; to: Date } {
  return { from: istDayStart(day), to: istDayStart(addDays(day, 1)) };
}

/** The day's orders: counts, money paid, discounts and delivery charges, those still open. */
export async function dayTotals(db: Db, from: Date, to: Date) {
  const [t] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      pickup: sql<number>`count(*) filter (where ${orders.deliveryType} = 'pickup')::int`,
      revenue: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint`,
      subtotal: sql<number>`coalesce(sum(${orders.subtotal} + ${orders.additionalCost}), 0)::bigint`,
      delivery: sql<number>`coalesce(sum(${orders.deliveryCharge}), 0)::bigint`,
      discounts: sql<number>`coalesce(sum(${orders.discountAmount}), 0)::bigint`,
      open: sql<number>`count(*) filter (where ${orders.status} not in ('collected', 'delivered'))::int`,
    })
    .from(orders)
    .where(paidBetween(from, to));
  return {
    orders: n(t?.orders),
    pickupOrders: n(t?.pickup),
    deliveryOrders: n(t?.orders) - n(t?.pickup),
    revenue: n(t?.revenue),
    printingAndBinding: n(t?.subtotal),
    deliveryCharges: n(t?.delivery),
    discounts: n(t?.discounts),
    stillOpen: n(t?.open),
  };
}

/** The day's documents by their own service: how many (and in how many orders), pages printed, value before discount. */
export async function dayByService(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({
      serviceName: orderDocuments.serviceName,
      orders: sql<number>`count(distinct ${orderDocuments.orderId})::int`,
      documents: sql<number>`count(*)::int`,
      pages: sql<number>`sum(${documentPages})::bigint`,
      amount: sql<number>`sum(${documentValue})::bigint`,
    })
    .from(orderDocuments)
    .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
    .where(paidBetween(from, to))
    .groupBy(orderDocuments.serviceName)
    .orderBy(sql`sum(${documentValue}) desc`, asc(orderDocuments.serviceName));
  return rows.map((s) => ({
    serviceName: s.serviceName,
    orders: n(s.orders),
    documents: n(s.documents),
    pages: n(s.pages),
    amount: n(s.amount),
  }));
}

/** Money taken by payment method. */
export async function dayByPaymentMethod(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({
      method: orders.paymentMethod,
      orders: sql<number>`count(*)::int`,
      amount: sql<number>`sum(${orders.totalAmount})::bigint`,
    })
    .from(orders)
    .where(paidBetween(from, to))
    .groupBy(orders.paymentMethod);
  const byMethod = new Map(rows.map((m) => [m.method as PaymentMethod, m]));
  return PAYMENT_METHODS.map((method) => ({
    method,
    label: PAYMENT_METHOD_LABELS[method],
    orders: n(byMethod.get(method)?.orders),
    amount: n(byMethod.get(method)?.amount),
  }));
}

/** Paid orders by IST hour of the day. */
export async function dayByHour(db: Db, from: Date, to: Date): Promise<number[]> {
  const hourOf = sql<number>`floor(extract(epoch from (${orders.paidAt} - ${from.toISOString()}::timestamptz)) / 3600)::int`;
  // Grouped by position: the hour expression carries a parameter, and PostgreSQL does not match two copies of it.
  const hours = await db
    .select({ hour: hourOf, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(paidBetween(from, to))
    .groupBy(sql`1`);
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const h of hours) if (h.hour >= 0 && h.hour < 24) byHour[h.hour] = n(h.orders);
  return byHour;
}

/** Pages printed for the day's orders: every document's pages in range × copies. */
export async function dayPages(db: Db, from: Date, to: Date): Promise<number> {
  const [p] = await db
    .select({ pages: sql<number>`coalesce(sum(${documentPages}), 0)::bigint` })
    .from(orderDocuments)
    .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
    .where(paidBetween(from, to));
  return n(p?.pages);
}

/** Refunds made that day (whenever the order was paid); failed ones gave nothing back. */
export async function dayRefunds(db: Db, from: Date, to: Date) {
  const [r] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint` })
    .from(refunds)
    .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to), sql`${refunds.status} <> 'failed'`));
  return { count: n(r?.count), amount: n(r?.amount) };
}

/** One IST day's figures (money in rupees, as the API speaks). */
export async function dayReport(db: Db, day: string): Promise<DayReport> {
  const { from, to } = istDay(day);
  const [totals, byPaymentMethod, byHour, byService, pagesPrinted, refunded, money] = await Promise.all([
    dayTotals(db, from, to),
    dayByPaymentMethod(db, from, to),
    dayByHour(db, from, to),
    dayByService(db, from, to),
    dayPages(db, from, to),
    dayRefunds(db, from, to),
    dayMoney(db, from, to),
  ]);
  return {
    date: day,
    orders: totals.orders,
    pickupOrders: totals.pickupOrders,
    deliveryOrders: totals.deliveryOrders,
    pagesPrinted,
    revenue: paiseToRupees(totals.revenue),
    printingAndBinding: paiseToRupees(totals.printingAndBinding),
    deliveryCharges: paiseToRupees(totals.deliveryCharges),
    discounts: paiseToRupees(totals.discounts),
    byPaymentMethod: byPaymentMethod.map((m) => ({ ...m, amount: paiseToRupees(m.amount) })),
    refunds: { count: refunded.count, amount: paiseToRupees(refunded.amount) },
    byHour,
    byService: byService.map((s) => ({ ...s, amount: paiseToRupees(s.amount) })),
    stillOpen: totals.stillOpen,
    ...money,
  };
}

/** A paid order as the CSV writes it: the header's columns, and its documents (orders-csv.ts writes one row each). */
export type CsvOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'orderNumber'
  | 'paidAt'
  | 'userName'
  | 'mobileNumber'
  | 'deliveryType'
  | 'status'
  | 'paymentMethod'
  | 'paymentId'
  | 'subtotal'
  | 'discountAmount'
  | 'totalCost'
  | 'deliveryCharge'
  | 'totalAmount'
> & { documents: Array<typeof orderDocuments.$inferSelect> };

/** Paid orders of [from, to) in pay order with their documents, a batch at a time (keyset on paid_at, id): memory stays flat for a year. */
export async function* paidOrdersBetween(db: Db, from: Date, to: Date, batch = 500): AsyncGenerator<CsvOrder> {
  let after: { paidAt: Date; id: number } | null = null;
  for (;;) {
    const range = paidBetween(from, to);
    const cursor: ReturnType<typeof and> = after
      ? or(gt(orders.paidAt, after.paidAt), and(eq(orders.paidAt, after.paidAt), gt(orders.id, after.id)))
      : undefined;
    const rows: Array<Omit<CsvOrder, 'documents'>> = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        paidAt: orders.paidAt,
        userName: orders.userName,
        mobileNumber: orders.mobileNumber,
        deliveryType: orders.deliveryType,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        paymentId: orders.paymentId,
        subtotal: orders.subtotal,
        discountAmount: orders.discountAmount,
        totalCost: orders.totalCost,
        deliveryCharge: orders.deliveryCharge,
        totalAmount: orders.totalAmount,
      })
      .from(orders)
      .where(cursor ? and(range, cursor) : range)
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(batch);
    const documents = rows.length
      ? await db
          .select()
          .from(orderDocuments)
          .where(
            inArray(
              orderDocuments.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderDocuments.orderId), asc(orderDocuments.position))
      : [];
    const byOrder = new Map<number, Array<typeof orderDocuments.$inferSelect>>();
    for (const d of documents) {
      const list = byOrder.get(d.orderId);
      if (list) list.push(d);
      else byOrder.set(d.orderId, [d]);
    }
    for (const row of rows) yield { ...row, documents: byOrder.get(row.id) ?? [] };
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { paidAt: last.paidAt!, id: last.id };
  }
}
