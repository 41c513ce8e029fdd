import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shop/shared/reports/schemas';
import type { Db } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema/index.ts';
import { csvLine } from '../../lib/csv.ts';
import { CSV_HEADER, istDateTime } from './orders-csv.ts';

/**
 * The orders CSV's refund rows (decision 037): one per refund made in the range (failed ones excepted), after
 * the orders, in the same columns: when the money went back, the order's customer and payment method, "Refund:"
 * and the reason as its status (with what became of one the bank refused), the refund's id, and the amount negative under "Amount", so the column adds up to
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
  status: string;
  handedBackAt: Date | null;
  handedBackMethod: string | null;
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
      status: refunds.status,
      handedBackAt: refunds.handedBackAt,
      handedBackMethod: refunds.handedBackMethod,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to), sql`${refunds.status} <> 'failed'`))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * A refund the customer's bank refused (decision 021) still stands as a refund on its day; the accountant reads what
 * became of the money: " (refused by the bank; given back in cash 15/01/2030 14:00)".
 */
function bankRefused(r: RefundCsvRow): string {
  if (r.status === 'bounced') return ' (refused by the bank; to give back at the counter)';
  if (r.status !== 'handed_back') return '';
  return ` (refused by the bank; given back ${r.handedBackMethod === 'upi' ? 'by UPI' : 'in cash'} ${istDateTime(r.handedBackAt)})`;
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
    `Refund: ${r.reason}${bankRefused(r)}`,
    PAYMENT_METHOD_LABELS[r.paymentMethod as PaymentMethod] ?? r.paymentMethod,
    r.providerRefundId ?? '',
  ];
  // The document and money columns stay empty up to Amount, the last.
  while (cells.length < CSV_HEADER.length - 1) cells.push('');
  return csvLine([...cells, amount]);
}
