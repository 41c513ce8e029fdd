import type { FastifyInstance } from 'fastify';
import { paymentRoutes as routes } from '@shop/shared/payments/routes';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { assertRecipientAllowed, saveBusinessBill } from '../invoices/index.ts';
import { recordWhatsAppOptIn } from '../notify/index.ts';
import { toOrderDto, withOneOrder } from '../orders/index.ts';
import { registerPricingRoutes } from '../pricing/index.ts';
import {
  completeSandboxPayment,
  createPaymentOrder,
  VerificationFailedError,
  verifyPayment,
} from './payments.service.ts';
import { handleWebhook } from './webhook.ts';
import type { PaymentsContext } from './provider.ts';
import type { QuotasContext } from '../quotas/index.ts';

export async function paymentsRoutes(app: FastifyInstance, ctx: PaymentsContext & QuotasContext): Promise<void> {
  // app.ts registers the existing modules only; the price calculation lives with pricing but is mounted here.
  await registerPricingRoutes(app, ctx);

  const api = typed(app);
  api.route({
    ...routes.createOrder(ctx.config.DELIVERY_PINCODES),
    preValidation: [requireUser, ctx.quotas.draft],
    handler: async (request) => {
      const body = request.body;
      // A bill the shop may not issue is refused before anything is written (decision 037).
      assertRecipientAllowed(ctx.config, body.businessBill, {
        grossPaise: body.amount,
        delivered: body.deliveryType === 'delivery',
      });
      const created = await createPaymentOrder(ctx, userOf(request), body);
      if (body.whatsappUpdates) await recordWhatsAppOptIn(ctx, created.orderId, body.deliveryDetails.mobileNumber);
      await saveBusinessBill(ctx.db, created.orderId, body.businessBill);
      return created;
    },
  });

  api.route({
    ...routes.verify,
    preValidation: requireUser,
    // Any proof that does not parse is a failed verification, answered as the original API does.
    errorHandler: (err) => {
      throw err instanceof AppError && err.code === 'validation_error' ? new VerificationFailedError() : err;
    },
    handler: async (request) => {
      const { order } = await verifyPayment(ctx, userOf(request), request.body);
      return {
        verified: true as const,
        orderId: order.id,
        orderNumber: order.orderNumber,
        order: await withOneOrder(ctx.db, order, toOrderDto),
      };
    },
  });

  api.route({
    ...routes.sandboxComplete,
    preValidation: requireUser,
    handler: async (request) => {
      if (ctx.config.PAYMENTS_PROVIDER !== 'sandbox') throw notFound('The sandbox checkout is not enabled.');
      return completeSandboxPayment(ctx, userOf(request), request.body);
    },
  });

  // The webhook's signature covers the raw bytes, so this one route reads its body as a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    typed(scope).route({
      ...routes.webhook,
      handler: async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleWebhook(ctx, raw, request.headers as Record<string, unknown>);
      },
    });
  });
}
