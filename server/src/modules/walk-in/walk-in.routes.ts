import type { FastifyInstance } from 'fastify';
import { paiseToRupees } from '@shop/shared/common/money';
import { walkInRoutes as routes } from '@shop/shared/walk-in/routes';
import type { WalkInOrderResult } from '@shop/shared/walk-in/schemas';
import { backOfficeActorOf, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { colourPagesOf } from '../pdf/index.ts';
import { uploadPdf } from '../uploads/index.ts';
import { findOwnFile } from '../pricing/index.ts';
import { createWalkInOrder, receiptOf } from './walk-in.service.ts';
import type { QuotasContext } from '../quotas/index.ts';
import type { OrdersContext } from '../orders/index.ts';

/**
 * Walk-in orders at the counter (docs/decisions/025-walk-in-orders.md), for staff and the admin:
 * a file uploaded at the counter (the customers' pipeline and limits), and the order, paid in cash or by UPI there.
 */
export async function walkInRoutes(app: FastifyInstance, ctx: QuotasContext & OrdersContext): Promise<void> {
  await withUploads(app, (uploads) => {
    typed(uploads).route({
      ...routes.upload,
      preValidation: [requireStaffOrAdmin, ctx.quotas.counterUpload],
      handler: async (request, reply) => {
        const p = request.principal!;
        const result = await uploadPdf(
          ctx,
          request,
          p.kind === 'staff' ? { staffId: p.staff.id } : { userId: p.user.id },
        );
        return reply.status(201).send(result);
      },
    });
  });

  /** The colour pages of the clerk's own counter upload (the mixed-colour choice, as customers have it). */
  typed(app).route({
    ...routes.colours,
    preValidation: requireStaffOrAdmin,
    handler: async (request) => {
      const p = request.principal!;
      const owner = p.kind === 'staff' ? { staffId: p.staff.id } : { userId: p.user.id };
      const file = await findOwnFile(ctx, { owner, atCounter: true }, request.params.fileId);
      return colourPagesOf(ctx, file.id, owner);
    },
  });

  // A price the clerk did not see is refused as PriceChangedError: 409 with the server's figure (expectedAmount).
  typed(app).route({
    ...routes.order,
    preValidation: requireStaffOrAdmin,
    handler: async (request, reply) => {
      const { order, created } = await createWalkInOrder(ctx, backOfficeActorOf(request), request.body);
      const receipt = await receiptOf(ctx, order.id);
      const answer: WalkInOrderResult = {
        created,
        order: {
          id: order.id,
          order_number: order.orderNumber,
          customer_name: order.userName,
          total_amount: paiseToRupees(order.totalAmount),
          payment_method: order.paymentMethod === 'upi_counter' ? 'upi_counter' : 'cash',
          pickup: order.customerWaiting ? 'now' : 'later',
          pickup_code: order.pickupCode,
          ready_by: (order.readyBy ?? order.createdAt).toISOString(),
          receipt: receipt
            ? {
                id: receipt.id,
                serial: receipt.serial,
                document_type: receipt.documentType,
                pdf_url: `/api/orders/${encodeURIComponent(order.orderNumber)}/invoices/${receipt.id}/pdf`,
              }
            : null,
          ticket_url: `/api/print/orders/${order.id}/ticket`,
        },
      };
      return reply.status(created ? 201 : 200).send(answer);
    },
  });
}
