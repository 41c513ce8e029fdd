import { defineRoute, idParamsSchema, rowIdSchema } from '../common/contract.ts';
import { orderRefParamsSchema } from '../orders/refs.ts';
import { handBackSchema, orderRefundsSchema, refundDtoSchema, refundRequestSchema } from './schemas.ts';

const tags = ['refunds'] as const;
const orderParams = idParamsSchema('Order not found');

/** Refunds (docs/decisions/021-refunds.md): the admin gives money back; the customer sees it on the order. */
export const refundRoutes = {
  ofOrder: defineRoute('GET', '/api/admin/orders/:id/refunds', {
    summary: "An order's refunds (admin)",
    description: "Admin only; with who refunded and the provider's refund id, failed ones too.",
    tags,
    params: orderParams,
    response: { 200: orderRefundsSchema },
  }),
  refund: defineRoute('POST', '/api/admin/orders/:id/refunds', {
    summary: 'Refund the whole or a part of a paid order',
    description:
      'Admin only. Rupees, at least ₹1, whole paise; a reason the customer reads (3–200 characters). 400 `refund_too_much` / not paid; 409 `refund_provider_mismatch` (paid through another provider); 502 `refund_refused` or `refund_unconfirmed` (no answer from Razorpay: shown as "being sent").',
    tags,
    params: orderParams,
    body: refundRequestSchema,
    response: { 201: orderRefundsSchema.extend({ refund: refundDtoSchema }) },
  }),
  handBack: defineRoute('POST', '/api/admin/orders/:id/refunds/:refundId/hand-back', {
    summary: 'Record a refund the bank refused as given back at the counter',
    description:
      "Admin only. `method`: `cash` (it leaves that day's cash in the drawer) or `upi`. Only a `bounced` refund of this order: 404 'Refund not found'; 409 `refund_not_bounced`, or `refund_already_handed_back` (when and by whom).",
    tags,
    params: orderParams.extend({ refundId: rowIdSchema('Refund not found') }),
    body: handBackSchema,
    response: { 200: orderRefundsSchema.extend({ refund: refundDtoSchema }) },
  }),
  mine: defineRoute('GET', '/api/orders/:ref/refunds', {
    summary: "An order's refunds",
    description:
      "The owner (failed ones and the admin's names left out), staff or the admin; 404 for another customer's order.",
    tags,
    params: orderRefParamsSchema,
    response: { 200: orderRefundsSchema },
  }),
};
