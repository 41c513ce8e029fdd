import type { FastifyInstance } from 'fastify';
import { refundRequestSchema } from '@shop/shared/refunds/schemas';
import type { AppContext } from '../../context.ts';
import { requireAdmin, requireSignedIn, userOf } from '../../plugins/auth.ts';
import { idParam } from '../../http/params.ts';
import { notFound, parseInput } from '../../plugins/errors.ts';
import { findVisibleOrder, parseOrderRef } from '../orders/orders.service.ts';
import { orderRefunds, refundOrder, toRefundDto } from './refunds.service.ts';

const orderIdOf = (params: unknown) => idParam(params, 'Order');

/** Refunds (docs/decisions/021-refunds.md): the admin gives money back; the customer sees it on the order. */
export async function refundsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('preHandler', requireAdmin);

    admin.get('/api/admin/orders/:id/refunds', async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, { id: orderIdOf(request.params) });
      return orderRefunds(ctx, order, 'admin');
    });

    admin.post('/api/admin/orders/:id/refunds', async (request, reply) => {
      const id = orderIdOf(request.params);
      const input = parseInput(refundRequestSchema, request.body);
      const user = userOf(request);
      const refund = await refundOrder(ctx, id, input, { id: user.id, name: user.name });
      const order = await findVisibleOrder(ctx, request.principal, { id });
      return reply.status(201).send({ refund: toRefundDto(refund, 'admin'), ...(await orderRefunds(ctx, order, 'admin')) });
    });
  });

  /** The order's owner (and staff or the admin) see its refunds; another customer's order is "not found". */
  app.get<{ Params: { ref: string } }>('/api/orders/:ref/refunds', { preHandler: requireSignedIn }, async (request) => {
    const ref = parseOrderRef(request.params.ref);
    if (!ref) throw notFound('Order not found');
    const order = await findVisibleOrder(ctx, request.principal, ref);
    return orderRefunds(ctx, order, request.principal?.kind === 'user' && request.principal.user.role === 'admin' ? 'admin' : 'customer');
  });
}
