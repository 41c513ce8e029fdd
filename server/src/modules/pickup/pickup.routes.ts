import { pickupQrText, pickupRoutes as routes } from '@shop/shared/pickup/schemas';
import type { FastifyInstance } from 'fastify';
import { backOfficeActorOf, requireSignedIn, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { notFound } from '../../plugins/errors.ts';
import { toBackOfficeOrderDto, withOneOrder, findVisibleOrder, type OrdersContext } from '../orders/index.ts';
import { collectWithCode } from './pickup.service.ts';

/** Pickup codes: the customer sees theirs (and its QR code); the counter marks an order collected with it. */
export async function pickupRoutes(app: FastifyInstance, ctx: OrdersContext): Promise<void> {
  /** The owner only: staff and the admin never read a code (they must be given it by the customer). */
  typed(app).route({
    ...routes.code,
    preValidation: requireSignedIn,
    handler: async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const p = request.principal;
      if (!(p?.kind === 'user' && p.user.id === order.userId) || !order.pickupCode)
        throw notFound('No pickup code for this order');
      const { default: QRCode } = await import('qrcode');
      const qrSvg = await QRCode.toString(pickupQrText(order.orderNumber, order.pickupCode), {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      return { code: order.pickupCode, qr_svg: qrSvg };
    },
  });

  typed(app).route({
    ...routes.collect,
    preValidation: requireStaffOrAdmin,
    handler: async (request, reply) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const row = await collectWithCode(ctx, reply, order, request.body.code, backOfficeActorOf(request));
      return withOneOrder(ctx.db, row, toBackOfficeOrderDto);
    },
  });
}
