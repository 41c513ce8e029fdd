import { paiseToRupees } from '@shop/shared/common/money';
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refunds } from '../../db/schema/index.ts';

/**
 * Each listed order with the money given back on it (refunds not failed), so its back-office card can say "₹42.00
 * paid · ₹10.00 refunded", and what of it the customer's bank refused and the counter still owes ("₹11.00 to give
 * back at the counter", decision 021). One query for the page.
 */
export async function withRefunded<T extends { id: number }>(
  db: Db,
  dtos: T[],
): Promise<Array<T & { refunded_amount?: number; owed_back_amount?: number }>> {
  if (dtos.length === 0) return dtos;
  const sums = await db
    .select({
      orderId: refunds.orderId,
      paise: sql<number>`sum(${refunds.amount})::int`,
      owed: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'bounced'), 0)::int`,
    })
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
  const by = new Map(sums.map((s) => [s.orderId, s]));
  return dtos.map((d) => {
    const s = by.get(d.id);
    if (!s || !Number(s.paise)) return d;
    const owed = Number(s.owed);
    return {
      ...d,
      refunded_amount: paiseToRupees(Number(s.paise)),
      ...(owed > 0 ? { owed_back_amount: paiseToRupees(owed) } : {}),
    };
  });
}
