import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shop/shared/reports/schemas';
import type { Db } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema/index.ts';
import { csvLine } from '../../lib/csv.ts';
import { CSV_HEADER, istDateTime } from './orders-csv.ts';

/**
 * The orders CSV's refund rows (decision 037): one per refund made in the range (failed ones excepted), after
 * the orders, in the same columns: when the money went back, the order's customer and payment method, "Refund:"
 * and the reason as its status, the refund's id, and the amount negative under "Amount", so the column adds up to
 * the money the shop kept.
 */
export interface RefundCsvRow {
  orderNumber: string;
  createdAt: Date;
  userName: string;
  mobileNumber: string;
  deliveryType: string;
  paymentMethod: string;
  providerRefundId: string | null;
  reason: string;
  amount: number;
}

export async function refundsBetween(db: Db, from: Date, to: Date): Promise<RefundCsvRow[]> {
  return db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: refunds.createdAt,
      userName: orders.userName,
      mobileNumber: orders.mobileNumber,
      deliveryType: orders.deliveryType,
      paymentMethod: orders.paymentMethod,
      providerRefundId: refunds.providerRefundId,
      reason: refunds.reason,
      amount: refunds.amount,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to), sql`${refunds.status} <> 'failed'`))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export function refundCsvLine(r: RefundCsvRow): string {
  // The amount is negative: the writer keeps a plain number a number (no apostrophe before its minus).
  const amount = (-r.amount / 100).toFixed(2);
  const cells: string[] = [
    r.orderNumber,
    istDateTime(r.createdAt),
    r.userName,
    r.mobileNumber,
    r.deliveryType === 'pickup' ? 'Pickup' : 'Delivery',
    `Refund: ${r.reason}`,
    PAYMENT_METHOD_LABELS[r.paymentMethod as PaymentMethod] ?? r.paymentMethod,
    r.providerRefundId ?? '',
  ];
  // The document and money columns stay empty up to Amount, the last.
  while (cells.length < CSV_HEADER.length - 1) cells.push('');
  return csvLine([...cells, amount]);
}
