import crypto from 'node:crypto';
import { waitInWords } from '@shop/shared/quotas/limits';
import { PICKUP_MESSAGES } from '@shop/shared/pickup/schemas';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { changeOrderStatus, type StatusActor } from '../orders/order-status.service.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { DbRateStore } from '../quotas/db-rate-store.ts';
import type { RateRule } from '../quotas/gcra.ts';

/** A new pickup code: 6 random digits (not a secret from the customer; unguessable by another one). */
export function newPickupCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Tries of a code for one order: 5 at once, then one every 3 minutes, shared by every server copy. */
const TRIES: RateRule = { burst: 5, intervalMs: 3 * 60_000 };

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The counter marks a pickup order collected with its code. Every try counts against the order's limit (so a code
 * cannot be guessed by trying); a right code gives its try back. A wrong code changes nothing.
 */
export async function collectWithCode(ctx: AppContext, reply: FastifyReply, order: OrderRow, code: string, actor: StatusActor) {
  if (order.deliveryType !== 'pickup') throw badRequest(PICKUP_MESSAGES.notPickup);
  if (order.status === 'collected' || order.status === 'delivered') throw new AppError('already_collected', 409, PICKUP_MESSAGES.already);
  if (!order.pickupCode) throw badRequest(PICKUP_MESSAGES.noCode);
  const store = new DbRateStore(ctx.db);
  const key = `pickup:o:${order.id}`;
  const decision = await store.hit(key, TRIES, Date.now());
  if (!decision.allowed) {
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new AppError('too_many_pickup_tries', 429, PICKUP_MESSAGES.tooMany(waitInWords(seconds)));
  }
  if (!sameCode(code, order.pickupCode)) {
    ctx.log.info({ orderId: order.id, by: `${actor.kind}:${actor.id}` }, 'wrong pickup code');
    throw new AppError('wrong_pickup_code', 400, PICKUP_MESSAGES.wrong, { code: PICKUP_MESSAGES.wrong });
  }
  await store.giveBack(key, TRIES);
  return changeOrderStatus(ctx, order.id, 'collected', actor);
}
