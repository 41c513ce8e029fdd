import type { FastifyInstance } from 'fastify';
import { refundRoutes as routes } from '@shop/shared/refunds/routes';
import { requireAdmin, requireSignedIn, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { findVisibleOrder } from '../orders/index.ts';
import { handBackRefund, orderRefunds, refundOrder, toRefundDto } from './refunds.service.ts';
import type { NotifyContext } from '../notify/index.ts';
import type { PaymentsContext } from '../payments/index.ts';

/** Refunds (docs/decisions/021-refunds.md): the admin gives money back; the customer sees it on the order. */
export async function refundsRoutes(app: FastifyInstance, ctx: PaymentsContext & NotifyContext): Promise<void> {
  const api = typed(app);
  api.route({
    ...routes.ofOrder,
    preValidation: requireAdmin,
    handler: async (request) =>
      orderRefunds(ctx, await findVisibleOrder(ctx, request.principal, { id: request.params.id }), 'admin'),
  });

  api.route({
    ...routes.refund,
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { id } = request.params;
      const user = userOf(request);
      const refund = await refundOrder(ctx, id, request.body, { id: user.id, name: user.name });
      // The order's card says what was given back (decision 039): the kept pages go now, not in 3 s.
      ctx.orderPages.clear();
      const order = await findVisibleOrder(ctx, request.principal, { id });
      return reply
        .status(201)
        .send({ refund: toRefundDto(refund, 'admin'), ...(await orderRefunds(ctx, order, 'admin')) });
    },
  });

  /** A refund the bank refused, given back at the counter (decision 021): recorded against the refund. */
  api.route({
    ...routes.handBack,
    preValidation: requireAdmin,
    handler: async (request) => {
      const { id, refundId } = request.params;
      const order = await findVisibleOrder(ctx, request.principal, { id });
      const refund = await handBackRefund(ctx, order.id, refundId, request.body, { name: userOf(request).name });
      // The order's card no longer says the counter owes it (decision 039: the kept pages go now).
      ctx.orderPages.clear();
      return { refund: toRefundDto(refund, 'admin'), ...(await orderRefunds(ctx, order, 'admin')) };
    },
  });

  /** The order's owner (and staff or the admin) see its refunds; another customer's order is "not found". */
  api.route({
    ...routes.mine,
    preValidation: requireSignedIn,
    handler: async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      return orderRefunds(
        ctx,
        order,
        request.principal?.kind === 'user' && request.principal.user.role === 'admin' ? 'admin' : 'customer',
      );
    },
  });
}
