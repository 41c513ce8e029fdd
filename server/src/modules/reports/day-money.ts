import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { paiseToRupees } from '@shop/shared/common/money';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type DayReport,
  type PaymentMethod,
} from '@shop/shared/reports/schemas';
import type { Db } from '../../db/client.ts';
import { invoices, orders, refunds } from '../../db/schema/index.ts';

/**
 * The day report's money beyond sales (decision 037): the GST documents issued that day with their taxable value and
 * CGST / SGST / IGST (credit notes subtracted), the refunds by how the order was paid, the bounced refunds the counter
 * gave back (decision 021), and the cash that should be in the drawer: cash taken for orders paid that day less cash
 * refunded or given back that day. In a file of its own so the reports' other figures can change beside it.
 */
export async function dayMoney(
  db: Db,
  from: Date,
  to: Date,
): Promise<Pick<DayReport, 'tax' | 'refundsByMethod' | 'handedBack' | 'cashInDrawer'>> {
  const issued = and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to));
  const given = and(gte(refunds.createdAt, from), lt(refunds.createdAt, to), sql`${refunds.status} <> 'failed'`);
  const sign = sql`case when ${invoices.kind} = 'credit_note' then -1 else 1 end`;
  const [documents, back, cashTaken, handedBack] = await Promise.all([
    db
      .select({
        invoices: sql<number>`count(*) filter (where ${invoices.kind} = 'invoice')::int`,
        creditNotes: sql<number>`count(*) filter (where ${invoices.kind} = 'credit_note')::int`,
        taxable: sql<number>`coalesce(sum(${sign} * ${invoices.taxablePaise}), 0)::bigint`,
        cgst: sql<number>`coalesce(sum(${sign} * ${invoices.cgstPaise}), 0)::bigint`,
        sgst: sql<number>`coalesce(sum(${sign} * ${invoices.sgstPaise}), 0)::bigint`,
        igst: sql<number>`coalesce(sum(${sign} * ${invoices.igstPaise}), 0)::bigint`,
        gross: sql<number>`coalesce(sum(${sign} * ${invoices.grossPaise}), 0)::bigint`,
      })
      .from(invoices)
      .where(issued),
    db
      .select({
        method: orders.paymentMethod,
        count: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint`,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(given)
      .groupBy(orders.paymentMethod),
    db
      .select({ amount: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint` })
      .from(orders)
      .where(
        and(
          isNotNull(orders.paidAt),
          gte(orders.paidAt, from),
          lt(orders.paidAt, to),
          eq(orders.paymentMethod, 'cash'),
        ),
      ),
    // Bounced refunds given back at the counter that day, by how (decision 021).
    db
      .select({
        count: sql<number>`count(*)::int`,
        cash: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.handedBackMethod} = 'cash'), 0)::bigint`,
        upi: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.handedBackMethod} = 'upi'), 0)::bigint`,
      })
      .from(refunds)
      .where(and(isNotNull(refunds.handedBackAt), gte(refunds.handedBackAt, from), lt(refunds.handedBackAt, to))),
  ]);
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  const d = documents[0]!;
  const byMethod = new Map(back.map((b) => [b.method as PaymentMethod, b]));
  const cashBack = n(byMethod.get('cash')?.amount);
  return {
    tax: {
      invoices: n(d.invoices),
      creditNotes: n(d.creditNotes),
      taxableValue: paiseToRupees(n(d.taxable)),
      cgst: paiseToRupees(n(d.cgst)),
      sgst: paiseToRupees(n(d.sgst)),
      igst: paiseToRupees(n(d.igst)),
      total: paiseToRupees(n(d.gross)),
    },
    refundsByMethod: PAYMENT_METHODS.map((method) => ({
      method,
      label: PAYMENT_METHOD_LABELS[method],
      count: n(byMethod.get(method)?.count),
      amount: paiseToRupees(n(byMethod.get(method)?.amount)),
    })),
    handedBack: {
      count: n(handedBack[0]?.count),
      cash: paiseToRupees(n(handedBack[0]?.cash)),
      upi: paiseToRupees(n(handedBack[0]?.upi)),
    },
    cashInDrawer: paiseToRupees(n(cashTaken[0]?.amount) - cashBack - n(handedBack[0]?.cash)),
  };
}
