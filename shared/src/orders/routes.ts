import { z } from 'zod';
import { defineRoute, contentAnswer, noBodySchema, noContentSchema } from '../common/contract.ts';
import { createPaymentOrderResponseSchema } from '../payments/schemas.ts';
import { draftOrderSchema, orderDetailSchema, orderSchema, reorderAnswerSchema } from './order.ts';
import { orderRefParamsSchema, orderRefSchema } from './refs.ts';
import { orderCreateSchema, orderHistoryQuerySchema, orderSummarySchema, paymentSuccessSchema } from './schemas.ts';

const tags = ['payment & orders'] as const;
const OWNER = "The owner, staff or the admin; 404 'Order not found' for anyone else.";
const VISITS =
  "A staff or admin download of an unvisited order makes it visited when it comes from the shop's own pages (`Sec-Fetch-Site: same-origin` or `none`) or with a Bearer token; from another site's link it only downloads. 403 `sensitive_document` for staff and the admin when the document is sensitive (the owner still gets it); 410 `file_deleted` once its file is deleted, saying when and why (decision 026).";

const documentParams = orderRefParamsSchema.extend({
  position: z
    .string()
    .regex(/^\d{1,3}$/, 'Order not found')
    .transform(Number)
    .pipe(z.number().positive('Order not found')),
});

/** `?key&orderId[&originalFilename]`: the key must be that order's stored file (whole key or last segment). */
export const downloadQuerySchema = z.object({
  key: z
    .string({ error: 'Invalid file key' })
    .max(512, 'Invalid file key')
    .refine((k) => !k.includes('..') && !k.includes('\\') && !k.startsWith('/'), 'Invalid file key')
    .optional(),
  orderId: orderRefSchema('orderId is required'),
  originalFilename: z.string().optional(),
});

const pdfFile = contentAnswer('application/pdf', 'The PDF, as an attachment.');

/** The customer's orders, their files and unpaid drafts. */
export const orderRoutes = {
  create: defineRoute('POST', '/api/orders/create', {
    summary: "The caller's order after payment",
    description:
      "Customer. Confirms the caller's draft by `razorpay_order_id` (or `orderNumber`), verifying payment proof when sent (as verify-payment). 402 `payment_required` while it is not paid; 400 `payment_verification_failed` `{ success: false, verified: false }` on a bad proof.",
    tags,
    body: orderCreateSchema,
    response: {
      201: z.object({
        order: orderSchema,
        orderId: z.number().int(),
        orderNumber: z.string(),
        order_number: z.string(),
      }),
    },
  }),
  paymentSuccess: defineRoute('POST', '/api/orders/payment-success', {
    summary: 'Verify a payment by order number',
    description:
      "Customer. `orderId` is the provider's order id. As verify-payment; 400 `payment_verification_failed` `{ success: false, verified: false }`.",
    tags,
    body: paymentSuccessSchema,
    response: { 200: z.object({ success: z.literal(true), order: orderSchema }) },
  }),
  mine: defineRoute('GET', '/api/orders/user', {
    summary: "The caller's orders, newest first",
    description:
      'Customer. Paid orders with their `documents`; `status=completed` includes delivered and collected. The total in `x-total-count`.',
    tags,
    querystring: orderHistoryQuerySchema,
    response: { 200: z.array(orderSchema) },
  }),
  summary: defineRoute('GET', '/api/orders/user/summary', {
    summary: "Counts of the caller's orders",
    description: 'Customer. The same filters as the list (`filtered` follows them; the rest count every order).',
    tags,
    querystring: orderHistoryQuerySchema,
    response: { 200: orderSummarySchema },
  }),
  detail: defineRoute('GET', '/api/orders/:ref', {
    summary: 'One order with its documents and status timeline',
    description: `By order number or numeric id; \`files\` says how long the shop keeps the order's files and whether the customer may delete them now (decision 026). ${OWNER}`,
    tags,
    params: orderRefParamsSchema,
    response: { 200: orderDetailSchema },
  }),
  file: defineRoute('GET', '/api/orders/:ref/file', {
    summary: "The order's PDF",
    description: `${OWNER} ${VISITS}`,
    tags,
    params: orderRefParamsSchema,
    response: { 200: pdfFile },
  }),
  documentFile: defineRoute('GET', '/api/orders/:ref/documents/:position/file', {
    summary: 'Document n as it prints',
    description: `The stored PDF, or a PDF of exactly the pages paid for. ${OWNER} ${VISITS}`,
    tags,
    params: documentParams,
    response: { 200: pdfFile },
  }),
  documentSource: defineRoute('GET', '/api/orders/:ref/documents/:position/original', {
    summary: 'The photo or office file document n was made from',
    description: `${OWNER} 404 for a PDF upload. ${VISITS}`,
    tags,
    params: documentParams,
    response: { 200: contentAnswer('application/octet-stream', 'The original file, as an attachment.') },
  }),
  download: defineRoute('GET', '/downloads/file', {
    summary: "An order's PDF by storage key (the original API's link)",
    description: `\`key\` must be that order's file (its key or last segment). ${OWNER}`,
    tags,
    querystring: downloadQuerySchema,
    response: { 200: pdfFile },
  }),
  directDownload: defineRoute('GET', '/api/direct-object-download', {
    summary: 'The same as /downloads/file',
    description: OWNER,
    tags,
    querystring: downloadQuerySchema,
    response: { 200: pdfFile },
  }),
  drafts: defineRoute('GET', '/api/orders/drafts', {
    summary: "The caller's unpaid orders open for payment",
    description: 'Customer. With `documents` and `expires_at` (decision 002); at most 20.',
    tags,
    response: { 200: z.array(draftOrderSchema) },
  }),
  payDraft: defineRoute('POST', '/api/orders/drafts/:ref/pay', {
    summary: 'Open the payment of an unpaid order again',
    description:
      "Customer (own drafts). The same provider order and amount the draft was made with. 409 `draft_expired` 'This unpaid order has expired. Please place it again.'",
    tags,
    params: orderRefParamsSchema,
    body: noBodySchema,
    response: { 200: createPaymentOrderResponseSchema },
  }),
  discardDraft: defineRoute('DELETE', '/api/orders/drafts/:ref', {
    summary: 'Discard an unpaid order',
    description:
      'Customer (own drafts). It expires now; a payment that still arrives is fulfilled. 409 `draft_expired`.',
    tags,
    params: orderRefParamsSchema,
    response: { 204: noContentSchema },
  }),
  reorder: defineRoute('GET', '/api/orders/:ref/reorder', {
    summary: '"Print again": an order\'s documents and options for a new order',
    description:
      "The order's own customer only. `upload` is null for a file the shop no longer keeps. Nothing is written.",
    tags,
    params: orderRefParamsSchema,
    response: { 200: reorderAnswerSchema },
  }),
};
