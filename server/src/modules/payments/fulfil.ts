import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orderPageCache } from '../orders/order-page-cache.ts';
import { orders, orderStatusEvents, payments } from '../../db/schema/index.ts';

export type FulfilVia = 'verify' | 'webhook' | 'reconcile';
type OrderRow = typeof orders.$inferSelect;

export interface FulfilResult {
  order: OrderRow;
  /** True only for the one call that turned the draft into a paid order. */
  fulfilled: boolean;
}

/**
 * The one way a draft becomes a paid order, shared by verify, webhook and reconciliation.
 * Idempotent and safe under concurrency: the transition is a single conditional UPDATE, so exactly one caller wins,
 * and only the winner writes the status event and publishes `order.paid`.
 * Returns null when no order carries this provider order id.
 */
export async function fulfilPaidOrder(
  ctx: AppContext,
  input: { providerOrderId: string; paymentId: string; via: FulfilVia; actor?: { kind: 'customer' | 'system'; id?: number; name?: string } },
): Promise<FulfilResult | null> {
  const now = new Date();
  const won = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'unvisited', paymentStatus: 'completed', paymentId: input.paymentId, paidAt: now, updatedAt: now })
      .where(and(eq(orders.razorpayOrderId, input.providerOrderId), eq(orders.status, 'pending_payment')))
      .returning();
    if (!row) return null;
    await tx.insert(orderStatusEvents).values({
      orderId: row.id,
      fromStatus: 'pending_payment',
      toStatus: 'unvisited',
      actorKind: input.actor?.kind ?? 'system',
      actorId: input.actor?.id ?? null,
      actorName: input.actor?.name ?? null,
      createdAt: now,
    });
    await tx
      .update(payments)
      .set({ status: 'captured', providerPaymentId: input.paymentId, confirmedBy: input.via, updatedAt: now })
      .where(eq(payments.providerOrderId, input.providerOrderId));
    return row;
  });

  if (won) {
    orderPageCache(ctx).clear();
    ctx.log.info({ orderId: won.id, orderNumber: won.orderNumber, amount: won.totalAmount, via: input.via }, 'payment captured, order placed');
    try {
      await ctx.events.publish({ type: 'order.paid', orderId: won.id, orderNumber: won.orderNumber, deliveryType: won.deliveryType, at: now.toISOString() });
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, orderId: won.id }, 'order.paid event not published');
    }
    return { order: won, fulfilled: true };
  }
  const [existing] = await ctx.db.select().from(orders).where(eq(orders.razorpayOrderId, input.providerOrderId)).limit(1);
  return existing ? { order: existing, fulfilled: false } : null;
}
