import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paiseToRupees } from '@shop/shared/common/money';
import { walkInOrderSchema, type WalkInOrderResult } from '@shop/shared/walk-in/schemas';
import type { AppContext } from '../../context.ts';
import { backOfficeActorOf, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { parseInput } from '../../plugins/errors.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { PriceChangedError } from '../payments/payments.service.ts';
import { uploadPdf } from '../pdf/pdf.service.ts';
import { createWalkInOrder, receiptOf } from './walk-in.service.ts';

/**
 * Walk-in orders at the counter (issue 13, item 10; docs/decisions/025-walk-in-orders.md), for staff and the admin:
 * a file uploaded at the counter (the customers' pipeline and limits), and the order, paid in cash or by UPI there.
 */
export async function walkInRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await withUploads(app, (uploads) => {
    uploads.post('/api/counter/uploads', { preHandler: [requireStaffOrAdmin, ctx.quotas.counterUpload] }, async (request, reply) => {
      const p = request.principal!;
      const result = await uploadPdf(ctx, request, p.kind === 'staff' ? { staffId: p.staff.id } : { userId: p.user.id });
      return reply.status(201).send(result);
    });
  });

  app.post('/api/counter/orders', { preHandler: requireStaffOrAdmin }, async (request: FastifyRequest, reply) => {
    const input = parseInput(walkInOrderSchema, request.body);
    let made;
    try {
      made = await createWalkInOrder(ctx, backOfficeActorOf(request), input);
    } catch (err) {
      if (err instanceof PriceChangedError) return reply.status(409).send({ message: err.message, code: err.code, expectedAmount: err.expectedAmount });
      throw err;
    }
    const { order, created } = made;
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
          ? { id: receipt.id, serial: receipt.serial, document_type: receipt.documentType, pdf_url: `/api/orders/${encodeURIComponent(order.orderNumber)}/invoices/${receipt.id}/pdf` }
          : null,
        ticket_url: `/api/print/orders/${order.id}/ticket`,
      },
    };
    return reply.status(created ? 201 : 200).send(answer);
  });
}
