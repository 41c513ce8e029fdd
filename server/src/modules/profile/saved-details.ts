import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { savedAddresses, users } from '../../db/schema/index.ts';
import type { OrderStatusChange } from '../orders/index.ts';

/** A customer keeps this many delivery addresses; the least recently used goes first. */
export const SAVED_ADDRESSES_MAX = 5;

/**
 * Saved details: when an order is paid, its mobile number becomes the customer's (if they have
 * none yet) and its delivery address is saved or marked used, so the next order offers them instead of asking again.
 * Only paid orders count: a draft abandoned at payment saves nothing.
 */
export async function rememberOrderDetails(ctx: AppContext, change: OrderStatusChange): Promise<void> {
  if (change.from !== 'pending_payment') return;
  const o = change.order;
  // A walk-in order has no account to remember anything for (decision 025).
  if (o.userId === null) return;
  const userId = o.userId;
  await ctx.db
    .update(users)
    .set({ mobileNumber: o.mobileNumber })
    .where(and(eq(users.id, userId), sql`${users.mobileNumber} is null`));
  if (o.deliveryType !== 'delivery' || typeof o.address === 'string') return;
  const a = o.address;
  await ctx.db
    .insert(savedAddresses)
    .values({
      userId: userId,
      doorNumber: o.doorNumber,
      address: a.address,
      landmark: a.landmark ?? null,
      pincode: o.pincode,
      mobileNumber: o.mobileNumber,
      lastUsedAt: change.at,
    })
    .onConflictDoUpdate({
      target: [savedAddresses.userId, savedAddresses.doorNumber, savedAddresses.address, savedAddresses.pincode],
      set: { mobileNumber: o.mobileNumber, landmark: a.landmark ?? null, lastUsedAt: change.at },
    });
  const keep = await ctx.db
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.id))
    .limit(SAVED_ADDRESSES_MAX);
  await ctx.db.delete(savedAddresses).where(
    and(
      eq(savedAddresses.userId, userId),
      notInArray(
        savedAddresses.id,
        keep.map((k) => k.id),
      ),
    ),
  );
}
