import { asc, eq } from 'drizzle-orm';
import { orderMessageRoutes as routes, type OrderMessageDto } from '@shop/shared/orders/messages';
import { waitInWords } from '@shop/shared/quotas/limits';
import type { FastifyInstance } from 'fastify';
import { orderMessages } from '../../db/schema/index.ts';
import { backOfficeActorOf, requireAdmin, requireSignedIn, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { findVisibleOrder } from '../orders/index.ts';
import { DbRateStore, type RateRule } from '../quotas/index.ts';
import { countSends, listSends, messageRecipients, recordSends } from './staff-sends.ts';
import type { NotifyContext } from './customer-notifications.ts';

/** Per staff member: 10 at once, then one every 30 s (a note is typed, not pasted in bulk). */
const SENDS: RateRule = { burst: 10, intervalMs: 30_000 };

const toDto = (m: typeof orderMessages.$inferSelect): OrderMessageDto => ({
  id: m.id,
  body: m.body,
  from: m.authorName,
  created_at: m.createdAt.toISOString(),
});

/** Notes from the shop to the customer about an order: mailed to them and kept on the order for tracking. */
export async function orderMessageRoutes(app: FastifyInstance, ctx: NotifyContext): Promise<void> {
  typed(app).route({
    ...routes.list,
    preValidation: requireSignedIn,
    handler: async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const rows = await ctx.db
        .select()
        .from(orderMessages)
        .where(eq(orderMessages.orderId, order.id))
        .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id))
        .limit(200);
      return rows.map(toDto);
    },
  });

  typed(app).route({
    ...routes.send,
    preValidation: requireStaffOrAdmin,
    handler: async (request, reply) => {
      const { body } = request.body;
      const actor = backOfficeActorOf(request);
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      if (order.status === 'pending_payment') throw notFound('Order not found');
      const decision = await new DbRateStore(ctx.db).hit(`message:${actor.kind}:${actor.id}`, SENDS, Date.now());
      if (!decision.allowed) {
        const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        reply.header('retry-after', String(seconds));
        throw new AppError(
          'too_many_messages',
          429,
          `Too many messages in a short time. Try again in ${waitInWords(seconds)}.`,
        );
      }
      // Limited per recipient too, whoever sends (decision 033); counted before anything is written.
      const recipients = await messageRecipients(ctx, order);
      await countSends(ctx, recipients);
      const [row] = await ctx.db
        .insert(orderMessages)
        .values({ orderId: order.id, authorKind: actor.kind, authorId: actor.id, authorName: actor.name, body })
        .returning();
      await recordSends(ctx, actor, 'message', order, recipients, body);
      // Mailed, and sent on WhatsApp when the customer opted in, in the background (modules/notify/channel.ts).
      ctx.notifier.staffMessage(order, { id: row!.id, body, from: actor.name });
      // An open tracking page of the customer shows it at once, as it does a status change (decision 039).
      void ctx.events
        .publish({
          type: 'order.message',
          orderId: order.id,
          orderNumber: order.orderNumber,
          at: row!.createdAt.toISOString(),
          userId: order.userId ?? undefined,
        })
        .catch(() => {});
      ctx.log.info({ orderId: order.id, by: `${actor.kind}:${actor.id}` }, 'message sent to customer');
      return reply.status(201).send(toDto(row!));
    },
  });

  typed(app).route({
    ...routes.sends,
    preValidation: requireAdmin,
    handler: async (request) => {
      const rows = await listSends(ctx, request.query);
      return rows.map((r) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        by: { kind: r.actorKind, id: r.actorId, name: r.actorName },
        kind: r.kind,
        channel: r.channel,
        recipient: r.recipient,
        order_number: r.orderNumber,
        body: r.body,
      }));
    },
  });
}
