import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { orderCreateSchema, orderHistoryQuerySchema, paymentSuccessSchema } from '@shop/shared/orders/schemas';
import type { AppContext } from '../../context.ts';
import { requireSignedIn, requireUser, userOf } from '../../plugins/auth.ts';
import { AppError, badRequest, notFound, parseInput } from '../../plugins/errors.ts';
import { verifyCheckout, VerificationFailedError } from '../payments/payments.service.ts';
import { toOrderDetailDto, toOrderDto } from './order-dto.ts';
import { findOrderByNumber, findOrderByProviderOrderId, listStatusEvents, listUserOrders, summariseUserOrders } from './orders.repository.ts';
import { withDocuments } from './order-documents.ts';
import { sendDocumentFile, sendDocumentSource } from './document-file.ts';
import { findVisibleOrder, keyMatchesOrder, parseOrderRef, sendOrderFile } from './orders.service.ts';
import { orderFilesOf } from '../files/order-files.ts';

const verificationFailed = (reply: FastifyReply) =>
  reply.status(400).send({ success: false, verified: false, message: 'Payment verification failed', code: 'payment_verification_failed' });

export async function ordersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The caller's order after payment: confirms the paid order (verifying payment proof if sent); 402 while unpaid. */
  app.post('/api/orders/create', { preHandler: requireUser }, async (request, reply) => {
    const user = userOf(request);
    const body = parseInput(orderCreateSchema, request.body);
    const number = body.orderNumber || body.order_number;
    let order = body.razorpay_order_id ? await findOrderByProviderOrderId(ctx.db, body.razorpay_order_id) : await findOrderByNumber(ctx.db, number!);
    if (!order || order.userId !== user.id) throw notFound('Order not found');
    const paymentId = body.razorpay_payment_id || body.payment_id;
    if (order.status === 'pending_payment' && paymentId && body.razorpay_signature) {
      try {
        order = (await verifyCheckout(ctx, user, order, paymentId, body.razorpay_signature)).order;
      } catch (err) {
        if (err instanceof VerificationFailedError) return verificationFailed(reply);
        throw err;
      }
    }
    if (order.status === 'pending_payment') {
      throw new AppError('payment_required', 402, 'Payment has not been completed for this order.');
    }
    const dto = toOrderDto(order);
    return reply.status(201).send({ order: dto, orderId: order.id, orderNumber: order.orderNumber, order_number: order.orderNumber });
  });

  app.post('/api/orders/payment-success', { preHandler: requireUser }, async (request, reply) => {
    const user = userOf(request);
    const body = parseInput(paymentSuccessSchema, request.body);
    const order = await findOrderByNumber(ctx.db, body.orderNumber);
    if (!order || order.userId !== user.id) throw notFound('Order not found');
    if (body.orderId && body.orderId !== order.razorpayOrderId) return verificationFailed(reply);
    try {
      const result = await verifyCheckout(ctx, user, order, body.paymentId, body.signature);
      return { success: true, order: toOrderDto(result.order) };
    } catch (err) {
      if (err instanceof VerificationFailedError) return verificationFailed(reply);
      throw err;
    }
  });

  app.get('/api/orders/user', { preHandler: requireUser }, async (request, reply) => {
    const user = userOf(request);
    const q = orderHistoryQuerySchema.parse(request.query ?? {});
    const { rows, total } = await listUserOrders(ctx.db, user.id, q);
    reply.header('x-total-count', String(total));
    return withDocuments(ctx.db, rows.map(toOrderDto));
  });

  app.get('/api/orders/user/summary', { preHandler: requireUser }, async (request) => {
    const user = userOf(request);
    const q = orderHistoryQuerySchema.parse(request.query ?? {});
    return summariseUserOrders(ctx.db, user.id, q);
  });

  app.get<{ Params: { ref: string } }>('/api/orders/:ref', { preHandler: requireSignedIn }, async (request) => {
    // An order number (the spec) or our numeric id (back-office links).
    const ref = parseOrderRef(request.params.ref);
    if (!ref) throw notFound('Order not found');
    const order = await findVisibleOrder(ctx, request.principal, ref);
    const [detail] = await withDocuments(ctx.db, [toOrderDetailDto(order, await listStatusEvents(ctx.db, order.id))]);
    return { ...detail!, files: orderFilesOf(ctx.config, order, detail!.documents) };
  });

  app.get<{ Params: { ref: string } }>('/api/orders/:ref/file', { preHandler: requireSignedIn }, async (request, reply) => {
    const ref = parseOrderRef(request.params.ref);
    if (!ref) throw notFound('Order not found');
    const order = await findVisibleOrder(ctx, request.principal, ref);
    return sendOrderFile(ctx, request, reply, order);
  });

  /** One document of the order as it prints: exactly the pages paid for, in order (the whole file when all pages). */
  app.get<{ Params: { ref: string; position: string } }>('/api/orders/:ref/documents/:position/file', { preHandler: requireSignedIn }, async (request, reply) => {
    const ref = parseOrderRef(request.params.ref);
    const position = /^\d{1,3}$/.test(request.params.position) ? Number(request.params.position) : NaN;
    if (!ref || !position) throw notFound('Order not found');
    const order = await findVisibleOrder(ctx, request.principal, ref);
    return sendDocumentFile(ctx, request, reply, order, position);
  });

  /** The photo or office file a document's PDF was made from. */
  app.get<{ Params: { ref: string; position: string } }>('/api/orders/:ref/documents/:position/original', { preHandler: requireSignedIn }, async (request, reply) => {
    const ref = parseOrderRef(request.params.ref);
    const position = /^\d{1,3}$/.test(request.params.position) ? Number(request.params.position) : NaN;
    if (!ref || !position) throw notFound('Order not found');
    const order = await findVisibleOrder(ctx, request.principal, ref);
    return sendDocumentSource(ctx, request, reply, order, position);
  });

  /** `?key&orderId[&originalFilename]`: the key must be that order's stored file (whole key or last segment). */
  const downloadByKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const key = typeof query.key === 'string' ? query.key : undefined;
    if (key !== undefined && (key.length > 512 || key.includes('..') || key.includes('\\') || key.startsWith('/'))) {
      throw badRequest('Invalid file key');
    }
    const ref = parseOrderRef(query.orderId);
    if (!ref) throw badRequest('orderId is required');
    const order = await findVisibleOrder(ctx, request.principal, ref);
    if (key !== undefined && key !== '' && !keyMatchesOrder(key, order)) throw new AppError('not_found', 404, 'File not found');
    return sendOrderFile(ctx, request, reply, order);
  };
  app.get('/downloads/file', { preHandler: requireSignedIn }, downloadByKey);
  app.get('/api/direct-object-download', { preHandler: requireSignedIn }, downloadByKey);
}
