import type { FastifyInstance } from 'fastify';
import { saveBusinessBill } from '../invoices/invoices.service.ts';
import { makeCreatePaymentOrderSchema, sandboxCompleteSchema, verifyPaymentSchema } from '@shop/shared/payments/schemas';
import type { AppContext } from '../../context.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { AppError, notFound, parseInput } from '../../plugins/errors.ts';
import { toOrderDto } from '../orders/order-dto.ts';
import { registerPricingRoutes } from '../pricing/pricing.routes.ts';
import {
  completeSandboxPayment,
  createPaymentOrder,
  PriceChangedError,
  reconcilePendingPayments,
  VerificationFailedError,
  verifyPayment,
} from './payments.service.ts';
import { PaymentConfirmationError } from './confirm-payment.ts';
import { handleWebhook } from './webhook.ts';
import { recordWhatsAppOptIn } from '../notify/whatsapp/opt-in.ts';

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // app.ts registers the existing modules only; the price calculation lives with pricing but is mounted here.
  await registerPricingRoutes(app, ctx);

  const createOrderSchema = makeCreatePaymentOrderSchema(ctx.config.DELIVERY_PINCODES);

  app.post('/api/razorpay/create-order', { preHandler: [requireUser, ctx.quotas.draft] }, async (request, reply) => {
    const user = userOf(request);
    const body = parseInput(createOrderSchema, request.body);
    try {
      const created = await createPaymentOrder(ctx, user, body);
      if (body.whatsappUpdates) await recordWhatsAppOptIn(ctx, created.orderId, body.deliveryDetails.mobileNumber);
      await saveBusinessBill(ctx.db, created.orderId, body.businessBill);
      return created;
    } catch (err) {
      if (err instanceof PriceChangedError) {
        return reply.status(409).send({ message: err.message, code: err.code, expectedAmount: err.expectedAmount });
      }
      throw err;
    }
  });

  app.post('/api/razorpay/verify-payment', { preHandler: requireUser }, async (request, reply) => {
    const user = userOf(request);
    try {
      const body = parseInput(verifyPaymentSchema, request.body);
      const { order } = await verifyPayment(ctx, user, body);
      return { verified: true, orderId: order.id, orderNumber: order.orderNumber, order: toOrderDto(order) };
    } catch (err) {
      if (err instanceof VerificationFailedError || (err instanceof AppError && err.code === 'validation_error')) {
        return reply.status(400).send({ verified: false, message: 'Payment verification failed', code: 'payment_verification_failed' });
      }
      if (err instanceof PaymentConfirmationError) return reply.status(err.status).send({ verified: false, message: err.message, code: err.code });
      throw err;
    }
  });

  app.post('/api/payments/sandbox/complete', { preHandler: requireUser }, async (request) => {
    if (ctx.config.PAYMENTS_PROVIDER !== 'sandbox') throw notFound('The sandbox checkout is not enabled.');
    const user = userOf(request);
    const body = parseInput(sandboxCompleteSchema, request.body);
    return completeSandboxPayment(ctx, user, body);
  });

  // The webhook's signature covers the raw bytes, so this one route reads its body as a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/api/razorpay/webhook', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return handleWebhook(ctx, raw, request.headers as Record<string, unknown>);
    });
  });

  startReconciliation(app, ctx);
}

/** Every RECONCILE_INTERVAL_SECONDS (0 = off); stopped when the app closes. Runs never overlap within a process. */
function startReconciliation(app: FastifyInstance, ctx: AppContext) {
  const seconds = ctx.config.RECONCILE_INTERVAL_SECONDS;
  if (seconds <= 0) return;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcilePendingPayments(ctx)
      .then(() => undefined)
      .catch((err: Error) => ctx.log.warn({ err: { message: err.message } }, 'reconciliation run failed'))
      .finally(() => {
        running = null;
      });
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Let a run in progress finish before the database closes.
    await running;
  });
}
