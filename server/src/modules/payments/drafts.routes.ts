import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderRef } from '@shop/shared/orders/refs';
import { orderRoutes as routes } from '@shop/shared/orders/routes';
import { orders } from '../../db/schema/index.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { sendNoContent, typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { openDraftCondition } from '../quotas/index.ts';
import { withDocuments, toOrderDto } from '../orders/index.ts';
import type { PaymentsContext } from './provider.ts';

const EXPIRED = 'This unpaid order has expired. Please place it again.';

/**
 * Unpaid orders are not lost (docs/decisions/002, 012): a cancelled or failed payment leaves the draft,
 * which its customer sees as "Awaiting payment" and can pay (at the price agreed when it was made, in the same
 * provider order) or discard, until DRAFT_EXPIRY_HOURS have passed.
 */
export async function draftRoutes(app: FastifyInstance, ctx: PaymentsContext): Promise<void> {
  const expiresAt = (createdAt: Date) =>
    new Date(createdAt.getTime() + ctx.config.DRAFT_EXPIRY_HOURS * 3600_000).toISOString();

  /** The caller's own draft by order number or id, open for payment, or 404 / 409. */
  const openDraft = async (userId: number, ref: OrderRef) => {
    const byRef = ref.orderNumber ? eq(orders.orderNumber, ref.orderNumber) : eq(orders.id, ref.id!);
    const [row] = await ctx.db
      .select()
      .from(orders)
      .where(and(byRef, eq(orders.userId, userId), eq(orders.status, 'pending_payment')))
      .limit(1);
    if (!row) throw notFound('Order not found');
    const [open] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, row.id), openDraftCondition(ctx, new Date())))
      .limit(1);
    if (!open || !row.razorpayOrderId) throw new AppError('draft_expired', 409, EXPIRED);
    return row;
  };

  const api = typed(app);
  api.route({
    ...routes.drafts,
    preValidation: requireUser,
    handler: async (request) => {
      const user = userOf(request);
      const rows = await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, user.id), openDraftCondition(ctx, new Date())))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(20);
      const dtos = await withDocuments(
        ctx.db,
        rows.filter((r) => r.razorpayOrderId),
        toOrderDto,
      );
      return dtos.map((d) => ({ ...d, expires_at: expiresAt(new Date(d.created_at)) }));
    },
  });

  /** Opens the payment of a draft again: the same provider order and amount the draft was made with. */
  api.route({
    ...routes.payDraft,
    preValidation: requireUser,
    handler: async (request) => {
      const user = userOf(request);
      const draft = await openDraft(user.id, request.params.ref);
      request.log.info({ orderId: draft.id }, 'payment of an unpaid order reopened');
      return {
        id: draft.razorpayOrderId!,
        amount: draft.totalAmount,
        currency: 'INR' as const,
        key: ctx.payments.keyId,
        provider: ctx.payments.kind,
        orderId: draft.id,
        orderNumber: draft.orderNumber,
        prefill: { name: user.name, email: user.email, contact: draft.mobileNumber },
      };
    },
  });

  /** Discard: the draft expires now (kept for a payment that still arrives, never offered again). */
  api.route({
    ...routes.discardDraft,
    preValidation: requireUser,
    handler: async (request, reply) => {
      const user = userOf(request);
      const draft = await openDraft(user.id, request.params.ref);
      await ctx.db
        .update(orders)
        .set({ expiredAt: new Date(), updatedAt: new Date() })
        .where(and(eq(orders.id, draft.id), eq(orders.status, 'pending_payment')));
      request.log.info({ orderId: draft.id }, 'unpaid order discarded');
      return sendNoContent(reply);
    },
  });
}
