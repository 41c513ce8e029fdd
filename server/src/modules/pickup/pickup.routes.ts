import { collectRequestSchema, pickupQrText } from '@shop/shared/pickup/schemas';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { backOfficeActorOf, requireSignedIn, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { notFound, parseInput } from '../../plugins/errors.ts';
import { toBackOfficeOrderDto } from '../orders/back-office-dto.ts';
import { withOneOrder } from '../orders/order-documents.ts';
import { findVisibleOrder, parseOrderRef } from '../orders/orders.service.ts';
import { collectWithCode } from './pickup.service.ts';

const refOf = (params: unknown) => {
  const ref = parseOrderRef((params as { ref?: unknown }).ref);
  if (!ref) throw notFound('Order not found');
  return ref;
};

/** Pickup codes: the customer sees theirs (and its QR code); the counter marks an order collected with it. */
export async function pickupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The owner only: staff and the admin never read a code (they must be given it by the customer). */
  app.get('/api/orders/:ref/pickup', { preHandler: requireSignedIn }, async (request) => {
    const order = await findVisibleOrder(ctx, request.principal, refOf(request.params));
    const p = request.principal;
    if (!(p?.kind === 'user' && p.user.id === order.userId) || !order.pickupCode) throw notFound('No pickup code for this order');
    const qrSvg = await QRCode.toString(pickupQrText(order.orderNumber, order.pickupCode), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { code: order.pickupCode, qr_svg: qrSvg };
  });

  await app.register(async (counter) => {
    counter.addHook('preHandler', requireStaffOrAdmin);
    counter.post('/api/staff/orders/:ref/collect', async (request, reply) => {
      const { code } = parseInput(collectRequestSchema, request.body);
      const order = await findVisibleOrder(ctx, request.principal, refOf(request.params));
      const row = await collectWithCode(ctx, reply, order, code, backOfficeActorOf(request));
      return withOneOrder(ctx, toBackOfficeOrderDto(row));
    });
  });
}
