import { and, eq, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@shop/shared/common/status';
import { isFinishedStatus } from '@shop/shared/files/retention';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { orders, orderStatusEvents } from '../../db/schema/index.ts';
import type { OrderPageCache } from './order-page-cache.ts';

type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who moved the order: a customer (paying), the system (webhook, reconciliation), staff or the admin. */
export interface OrderActor {
  kind: 'customer' | 'system' | 'staff' | 'admin';
  id?: number | null;
  name?: string | null;
}

/** What every listener hears after a change is committed (OrdersContext's orderStatusListeners). */
export interface OrderStatusChange {
  order: OrderRow;
  from: string;
  to: OrderStatus;
  actor: OrderActor;
  at: Date;
}
export type OrderStatusListener = (ctx: OrdersContext, change: OrderStatusChange) => Promise<void> | void;

/** The context of code that moves orders: the back-office page cache to clear, the listeners to call. */
export type OrdersContext = AppContext & { orderPages: OrderPageCache; orderStatusListeners: OrderStatusListener[] };

export interface Transition {
  /** The order: by id, or by the provider's order id (payment fulfilment). */
  where: { id: number } | { providerOrderId: string };
  /** Statuses it may move from; any other (or already `to`) is no change. */
  from: readonly string[];
  to: OrderStatus;
  actor: OrderActor;
  /** Other columns written with the status (e.g. paid_at when paid). */
  set?: PgUpdateSetSource<typeof orders>;
  /** Checks the locked order before the change (throws to refuse it, e.g. a pickup order is not "delivered"). */
  check?: (current: OrderRow) => void;
  /** A note for the timeline event, from the locked order (e.g. the admin's reason for a handover without the code). */
  note?: (current: OrderRow) => string | null;
  /** More writes in the same transaction (e.g. the payment row). */
  inTransaction?: (tx: Tx, row: OrderRow) => Promise<void>;
}

export interface TransitionResult {
  /** The order after the call (changed or not); undefined when no order matched `where`. */
  order: OrderRow | undefined;
  changed: boolean;
  from?: string;
}

/**
 * The retention clock (docs/decisions/026): it starts when an order becomes ready (completed, delivered or
 * collected) from an earlier status, keeps running between those three, and stops when the order goes back.
 */
function readinessChange(from: string, to: string, now: Date): { completedAt?: Date | null } {
  if (isFinishedStatus(to) && !isFinishedStatus(from)) return { completedAt: now };
  if (!isFinishedStatus(to) && isFinishedStatus(from)) return { completedAt: null };
  return {};
}

/**
 * The one function that changes an order's status: with the order row locked it checks the expected
 * previous status (so of two racing callers exactly one wins), writes the status and its timeline event (who, from,
 * to, when) in one transaction, then clears the back-office page cache, publishes the live event every open screen
 * hears (`order.paid` for a payment, `order.status` otherwise) and calls the listeners in `ctx.orderStatusListeners`
 * (customer notifications subscribe there). Used by payment fulfilment, staff and admin changes, downloads that
 * mark an order visited, and printing.
 */
export async function transitionOrder(ctx: OrdersContext, t: Transition): Promise<TransitionResult> {
  const match: SQL = 'id' in t.where ? eq(orders.id, t.where.id) : eq(orders.razorpayOrderId, t.where.providerOrderId);
  const now = new Date();
  const result = await ctx.db.transaction(async (tx): Promise<TransitionResult> => {
    const [current] = await tx.select().from(orders).where(match).for('update').limit(1);
    if (!current) return { order: undefined, changed: false };
    t.check?.(current);
    if (current.status === t.to || !t.from.includes(current.status)) return { order: current, changed: false };
    const [row] = await tx
      .update(orders)
      .set({ ...t.set, ...readinessChange(current.status, t.to, now), status: t.to, updatedAt: now })
      .where(and(eq(orders.id, current.id), eq(orders.status, current.status)))
      .returning();
    await tx.insert(orderStatusEvents).values({
      orderId: current.id,
      fromStatus: current.status,
      toStatus: t.to,
      actorKind: t.actor.kind,
      actorId: t.actor.id ?? null,
      actorName: t.actor.name ?? null,
      note: t.note?.(current) ?? null,
      createdAt: now,
    });
    await t.inTransaction?.(tx, row!);
    return { order: row!, changed: true, from: current.status };
  });
  if (!result.changed || !result.order) return result;

  const order = result.order;
  ctx.orderPages.clear();
  const at = now.toISOString();
  const event =
    result.from === 'pending_payment'
      ? ({
          type: 'order.paid',
          orderId: order.id,
          orderNumber: order.orderNumber,
          deliveryType: order.deliveryType,
          at,
          userId: order.userId ?? undefined,
        } as const)
      : ({
          type: 'order.status',
          orderId: order.id,
          orderNumber: order.orderNumber,
          from: result.from!,
          to: t.to,
          at,
          userId: order.userId ?? undefined,
        } as const);
  await ctx.events
    .publish(event)
    .catch((err: Error) =>
      ctx.log.warn({ err: { message: err.message }, orderId: order.id }, `${event.type} event not published`),
    );
  for (const listener of ctx.orderStatusListeners) {
    try {
      await listener(ctx, { order, from: result.from!, to: t.to, actor: t.actor, at: now });
    } catch (err) {
      // A listener (a mail, a message) never undoes or fails the change itself.
      ctx.log.warn({ err: { message: (err as Error).message }, orderId: order.id }, 'order status listener failed');
    }
  }
  return result;
}
