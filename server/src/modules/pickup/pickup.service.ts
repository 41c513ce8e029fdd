import crypto from 'node:crypto';
import { waitInWords } from '@shop/shared/quotas/limits';
import { PICKUP_MESSAGES } from '@shop/shared/pickup/schemas';
import type { FastifyReply } from 'fastify';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { changeOrderStatus, type OrderRow, type OrdersContext, type StatusActor } from '../orders/index.ts';
import { DbRateStore, type RateRule } from '../quotas/index.ts';

/** A new pickup code: 6 random digits (not a secret from the customer; unguessable by another one). */
export function newPickupCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Wrong codes are limited twice (decision 033), and a right code passes as long as neither limit is reached:
 * - per order, whoever types: 20 wrong codes, then one a day. A stranger's few wrong tries never lock the real
 *   customer out, and one order's code (one in a million) cannot be guessed: at most 20 + 1 a day ever.
 * - per clerk (staff member or admin), whatever the order: 10 wrong codes at once, then one every 3 minutes, so one
 *   account (or a stolen session) cannot try codes across the queue.
 * Counted before the comparison and given back when the code was right, in one statement per key shared by every
 * server copy; a refused try is not compared and counts nowhere.
 */
export const ORDER_TRIES: RateRule = { burst: 20, intervalMs: 24 * 60 * 60_000 };
export const CLERK_TRIES: RateRule = { burst: 10, intervalMs: 3 * 60_000 };

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function refuse(reply: FastifyReply, retryAfterMs: number, message: (wait: string) => string): never {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  throw new AppError('too_many_pickup_tries', 429, message(waitInWords(seconds)));
}

/**
 * The counter marks a pickup order collected with its code. Every try counts against the clerk's and the order's
 * limits; a right code gives both back. A wrong code changes nothing (but is logged with who typed it).
 */
export async function collectWithCode(
  ctx: OrdersContext,
  reply: FastifyReply,
  order: OrderRow,
  code: string,
  actor: StatusActor,
) {
  if (order.deliveryType !== 'pickup') throw badRequest(PICKUP_MESSAGES.notPickup);
  if (order.status === 'collected' || order.status === 'delivered')
    throw new AppError('already_collected', 409, PICKUP_MESSAGES.already);
  if (!order.pickupCode) throw badRequest(PICKUP_MESSAGES.noCode);
  const store = new DbRateStore(ctx.db);
  // The counter's search box spends from the same clerk key (find-by-code.routes.ts).
  const clerkKey = `pickup:c:${actor.kind}:${actor.id}`;
  const orderKey = `pickup:o:${order.id}`;
  const now = Date.now();
  const clerk = await store.hit(clerkKey, CLERK_TRIES, now);
  if (!clerk.allowed) refuse(reply, clerk.retryAfterMs, PICKUP_MESSAGES.tooManyForClerk);
  const forOrder = await store.hit(orderKey, ORDER_TRIES, now);
  if (!forOrder.allowed) {
    await store.giveBack(clerkKey, CLERK_TRIES);
    refuse(reply, forOrder.retryAfterMs, PICKUP_MESSAGES.tooMany);
  }
  if (!sameCode(code, order.pickupCode)) {
    ctx.log.info({ orderId: order.id, by: `${actor.kind}:${actor.id}` }, 'wrong pickup code');
    throw new AppError('wrong_pickup_code', 400, PICKUP_MESSAGES.wrong, { code: PICKUP_MESSAGES.wrong });
  }
  await store.giveBack(clerkKey, CLERK_TRIES);
  await store.giveBack(orderKey, ORDER_TRIES);
  return changeOrderStatus(ctx, order.id, 'collected', actor, { withCode: true });
}
