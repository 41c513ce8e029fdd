import type { FastifyInstance } from 'fastify';
import { orderRoutes as routes } from '@shop/shared/orders/routes';
import type { AppContext } from '../../context.ts';
import { requireSignedIn, requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { verifyCheckout, VerificationFailedError } from '../payments/payments.service.ts';
import { toOrderDetailDto, toOrderDto } from './order-dto.ts';
import {
  findOrderByNumber,
  findOrderByProviderOrderId,
  listStatusEvents,
  listUserOrders,
  summariseUserOrders,
} from './orders.repository.ts';
import { withDocuments, withOneOrder } from './order-documents.ts';
import { sendDocumentFile, sendDocumentSource } from './document-file.ts';
import { findVisibleOrder, sendOrderFile } from './orders.service.ts';
import { orderFilesOf } from '../files/order-files.ts';

export async function ordersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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

  api.route({
    ...routes.mine,
    preValidation: requireUser,
    handler: async (request, reply) => {
      const { rows, total } = await listUserOrders(ctx.db, userOf(request).id, request.query);
      reply.header('x-total-count', String(total));
      return withDocuments(ctx.db, rows, toOrderDto);
    },
  });

  api.route({
    ...routes.summary,
    preValidation: requireUser,
    handler: async (request) => summariseUserOrders(ctx.db, userOf(request).id, request.query),
  });

  // An order number (the spec) or our numeric id (back-office links).
  api.route({
    ...routes.detail,
    preValidation: requireSignedIn,
    handler: async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const events = await listStatusEvents(ctx.db, order.id);
      const detail = await withOneOrder(ctx.db, order, (row, documents) => toOrderDetailDto(row, documents, events));
      return { ...detail, files: orderFilesOf(ctx.config, order, detail.documents) };
    },
  });

  api.route({
    ...routes.file,
    preValidation: requireSignedIn,
    handler: async (request, reply) =>
      sendOrderFile(ctx, request, reply, await findVisibleOrder(ctx, request.principal, request.params.ref)),
  });

  /** One document of the order as it prints: exactly the pages paid for, in order (the whole file when all pages). */
  api.route({
    ...routes.documentFile,
    preValidation: requireSignedIn,
    handler: async (request, reply) =>
      sendDocumentFile(
        ctx,
        request,
        reply,
        await findVisibleOrder(ctx, request.principal, request.params.ref),
        request.params.position,
      ),
  });

  /** The photo or office file a document's PDF was made from. */
  api.route({
    ...routes.documentSource,
    preValidation: requireSignedIn,
    handler: async (request, reply) =>
      sendDocumentSource(
        ctx,
        request,
        reply,
        await findVisibleOrder(ctx, request.principal, request.params.ref),
        request.params.position,
      ),
  });

  for (const route of [routes.download, routes.directDownload]) {
    api.route({
      ...route,
      preValidation: requireSignedIn,
      handler: async (request, reply) => {
        const { key, orderId } = request.query;
        const order = await findVisibleOrder(ctx, request.principal, orderId);
        return sendOrderFile(ctx, request, reply, order, key || undefined);
      },
    });
  }
}
