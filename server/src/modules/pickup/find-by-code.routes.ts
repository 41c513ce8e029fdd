import { PICKUP_FIND_MESSAGES, pickupFindRoutes as routes } from '@shop/shared/pickup/schemas';
import { waitInWords } from '@shop/shared/quotas/limits';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { backOfficeActorOf, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError } from '../../plugins/errors.ts';
import { toBackOfficeOrderDto, withDueTime, withOneOrder } from '../orders/index.ts';
import { DbRateStore } from '../quotas/index.ts';
import { CLERK_TRIES } from './pickup.service.ts';

/**
 * Codes that matched nothing count against the clerk's own budget for wrong codes at Collect (decision 033: 10 at
 * once, then one every 3 minutes, the same key): one search tries a code against every waiting order, so it may be
 * no cheaper than one Collect. A found code gives its try back.
 */
const MISSES = CLERK_TRIES;
/** A pickup order not yet handed over. */
const WAITING = ['unvisited', 'visited', 'processing', 'completed'] as const;

/**
 * The counter's one search box, for a typed or scanned pickup code (decision 039): the order it belongs to, so
 * its Collect opens at once. Kept apart from the list's search, which matches no codes (see the contract).
 */
export async function findByPickupCodeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).route({
    ...routes.find,
    preValidation: requireStaffOrAdmin,
    handler: async (request, reply) => {
      const actor = backOfficeActorOf(request);
      const store = new DbRateStore(ctx.db);
      const key = `pickup:c:${actor.kind}:${actor.id}`;
      const decision = await store.hit(key, MISSES, Date.now());
      if (!decision.allowed) {
        const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        reply.header('retry-after', String(seconds));
        throw new AppError('too_many_pickup_searches', 429, PICKUP_FIND_MESSAGES.tooMany(waitInWords(seconds)));
      }
      const found = await ctx.db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.status, [...WAITING]),
            eq(orders.deliveryType, 'pickup'),
            eq(orders.pickupCode, request.body.code),
          ),
        )
        .limit(2);
      if (found.length === 0) {
        ctx.log.info({ by: `${actor.kind}:${actor.id}` }, 'pickup code matched no order');
        throw new AppError('pickup_code_unknown', 404, PICKUP_FIND_MESSAGES.none);
      }
      await store.giveBack(key, MISSES);
      if (found.length > 1) throw new AppError('pickup_code_ambiguous', 409, PICKUP_FIND_MESSAGES.several);
      return withDueTime(await withOneOrder(ctx.db, found[0]!, toBackOfficeOrderDto));
    },
  });
}
