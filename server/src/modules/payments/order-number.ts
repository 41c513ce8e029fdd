import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { OrderPrice } from '@shop/shared/pricing/price-order';
import { orderDocuments, orders } from '../../db/schema/index.ts';
import { shopWallClock } from '@shop/shared/common/shop-clock';
import { documentNamesOf } from '../orders/index.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** PS-YYMMDD-XXXXX: the IST date and 5 crypto-random Crockford base32 characters (not sequential, not guessable). */
export function generateOrderNumber(now = new Date()): string {
  const ist = shopWallClock(now).toISOString();
  const date = `${ist.slice(2, 4)}${ist.slice(5, 7)}${ist.slice(8, 10)}`;
  const bytes = crypto.randomBytes(5);
  let suffix = '';
  for (const b of bytes) suffix += CROCKFORD[b & 31];
  return `PS-${date}-${suffix}`;
}

/** Postgres unique violation (23505), whether the driver error is thrown directly or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The header's money: the order's totals from the one price function (the documents carry their own). */
export function orderTotalsOf(price: OrderPrice) {
  return {
    additionalCost: price.additionalCost,
    subtotal: price.subtotal,
    discountRate: price.discountRate,
    discountAmount: price.discountAmount,
    totalCost: price.totalCost,
    deliveryCharge: price.deliveryCharge,
    totalAmount: price.totalAmount,
  };
}

/**
 * Inserts an order and its documents in one transaction under a fresh order number, drawing another on the rare
 * collision (at most 5 times): the one place an order is written with its documents, so it also writes the header's
 * search column from them. `settledElsewhere` is asked first on a unique violation: true when the same request
 * already made its order (a walk-in's request key), and the answer is then null.
 */
export async function insertNumberedOrder(
  db: Db,
  values: Omit<typeof orders.$inferInsert, 'orderNumber' | 'documentNames'>,
  documents: ReadonlyArray<Omit<typeof orderDocuments.$inferInsert, 'orderId'>>,
  settledElsewhere: () => Promise<boolean> = async () => false,
): Promise<typeof orders.$inferSelect | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({ ...values, orderNumber: generateOrderNumber(), documentNames: documentNamesOf(documents) })
          .returning();
        await tx.insert(orderDocuments).values(documents.map((d) => ({ ...d, orderId: row!.id })));
        return row!;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await settledElsewhere()) return null;
      if (attempt >= 5) throw err;
    }
  }
}
