import { and, eq, ne } from 'drizzle-orm';
import { SETTABLE_STATUSES, statusesFor, type SettableStatus } from '@shop/shared/common/status';
import type { AppContext } from '../../context.ts';
import { orders, orderStatusEvents } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { orderPageCache } from './order-page-cache.ts';

export interface StatusActor {
  kind: 'staff' | 'admin';
  id: number;
  name: string;
}

/**
 * The admin and staff set any status (no sequence is enforced), except that delivery orders never become
 * 'collected' and pickup orders never 'delivered'. Drafts awaiting payment are not theirs to touch.
 * The change and its event row (who, from, to, when) are written together; every open screen hears of it.
 */
export async function changeOrderStatus(ctx: AppContext, orderId: number, toStatus: unknown, actor: StatusActor) {
  if (typeof toStatus !== 'string' || !(SETTABLE_STATUSES as readonly string[]).includes(toStatus)) {
    throw badRequest(`Status must be one of: ${SETTABLE_STATUSES.join(', ')}`, { status: 'Choose a valid status' });
  }
  const status = toStatus as SettableStatus;
  const result = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ne(orders.status, 'pending_payment')))
      .for('update')
      .limit(1);
    if (!current) throw notFound('Order not found');
    if (!statusesFor(current.deliveryType).includes(status)) {
      throw new AppError(
        'status_not_allowed',
        400,
        current.deliveryType === 'pickup' ? 'A shop pickup order is collected, not delivered.' : 'A home delivery order is delivered, not collected.',
      );
    }
    if (current.status === status) return { row: current, from: current.status, changed: false };
    const now = new Date();
    const [row] = await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId)).returning();
    await tx.insert(orderStatusEvents).values({
      orderId,
      fromStatus: current.status,
      toStatus: status,
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
      createdAt: now,
    });
    return { row: row!, from: current.status, changed: true };
  });
  if (result.changed) {
    orderPageCache(ctx).clear();
    ctx.log.info({ orderNumber: result.row.orderNumber, from: result.from, to: status, actor: `${actor.kind}:${actor.id}` }, 'order status changed');
    await ctx.events
      .publish({ type: 'order.status', orderId, orderNumber: result.row.orderNumber, from: result.from, to: status, at: new Date().toISOString() })
      .catch((err: Error) => ctx.log.warn({ err: { message: err.message } }, 'order.status event not published'));
  }
  return result.row;
}
