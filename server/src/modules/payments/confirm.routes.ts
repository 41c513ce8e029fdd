import type { FastifyInstance } from 'fastify';
import { orderRoutes as routes } from '@shop/shared/orders/routes';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { findOrderByNumber, findOrderByProviderOrderId, withOneOrder, toOrderDto } from '../orders/index.ts';
import { verifyCheckout, VerificationFailedError } from './payments.service.ts';
import type { PaymentsContext } from './provider.ts';

/** The checkout's return: the paid order, confirmed with the payment proof the browser brings back. */
export async function paymentConfirmRoutes(app: FastifyInstance, ctx: PaymentsContext): Promise<void> {
  const api = typed(app);

  /** The caller's order after payment: confirms the paid order (verifying payment proof if sent); 402 while unpaid. */
  api.route({
    ...routes.create,
    preValidation: requireUser,
    handler: async (request, reply) => {
      const user = userOf(request);
      const body = request.body;
      const number = body.orderNumber || body.order_number;
      let order = body.razorpay_order_id
        ? await findOrderByProviderOrderId(ctx.db, body.razorpay_order_id)
        : await findOrderByNumber(ctx.db, number!);
      if (!order || order.userId !== user.id) throw notFound('Order not found');
      const paymentId = body.razorpay_payment_id || body.payment_id;
      if (order.status === 'pending_payment' && paymentId && body.razorpay_signature) {
        order = (await verifyCheckout(ctx, user, order, paymentId, body.razorpay_signature)).order;
      }
      if (order.status === 'pending_payment')
        throw new AppError('payment_required', 402, 'Payment has not been completed for this order.');
      return reply.status(201).send({
        order: await withOneOrder(ctx.db, order, toOrderDto),
        orderId: order.id,
        orderNumber: order.orderNumber,
        order_number: order.orderNumber,
      });
    },
  });

  api.route({
    ...routes.paymentSuccess,
    preValidation: requireUser,
    handler: async (request) => {
      const user = userOf(request);
      const body = request.body;
      const order = await findOrderByNumber(ctx.db, body.orderNumber);
      if (!order || order.userId !== user.id) throw notFound('Order not found');
      if (body.orderId && body.orderId !== order.razorpayOrderId) throw new VerificationFailedError();
      const result = await verifyCheckout(ctx, user, order, body.paymentId, body.signature);
      return { success: true as const, order: await withOneOrder(ctx.db, result.order, toOrderDto) };
    },
  });
}
