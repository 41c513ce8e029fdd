import { paiseToRupees } from '@shop/shared/common/money';
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refunds } from '../../db/schema/index.ts';

/**
 * Each listed order with the money given back on it (refunds not failed), so its back-office card can say "₹42.00
 * paid · ₹10.00 refunded". One query for the page.
 */
export async function withRefunded<T extends { id: number }>(
  db: Db,
  dtos: T[],
): Promise<Array<T & { refunded_amount?: number }>> {
  if (dtos.length === 0) return dtos;
  const sums = await db
    .select({ orderId: refunds.orderId, paise: sql<number>`sum(${refunds.amount})::int` })
    .from(refunds)
    .where(
      and(
        inArray(
          refunds.orderId,
          dtos.map((d) => d.id),
        ),
        ne(refunds.status, 'failed'),
      ),
    )
    .groupBy(refunds.orderId);
  const by = new Map(sums.map((s) => [s.orderId, s.paise]));
  return dtos.map((d) => (by.get(d.id) ? { ...d, refunded_amount: paiseToRupees(by.get(d.id)!) } : d));
}
