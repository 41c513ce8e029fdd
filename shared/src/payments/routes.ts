import { z } from 'zod';
import { bodyReadByHandler, defineRoute } from '../common/contract.ts';
import { orderSchema } from '../orders/order.ts';
import {
  createPaymentOrderResponseSchema,
  makeCreatePaymentOrderSchema,
  sandboxCompleteResponseSchema,
  sandboxCompleteSchema,
  verifyPaymentSchema,
} from './schemas.ts';

const tags = ['payment & orders'] as const;

/** A verified payment: the order is paid (`unvisited`, new at the counter). */
export const verifiedPaymentSchema = z.object({
  verified: z.literal(true),
  orderId: z.number().int(),
  orderNumber: z.string(),
  order: orderSchema,
});
export type VerifiedPayment = z.infer<typeof verifiedPaymentSchema>;

const CONFIRMATION =
  "After a valid signature the server asks the provider about the payment (`GET /v1/payments/{id}`) and needs it captured (an authorized one is captured for the draft's amount) for this draft's provider order, amount and INR; otherwise the order stays unpaid: 400 `payment_mismatch`, 402 `payment_not_completed`, 503 `payment_unconfirmed` (provider unreachable: reconciliation completes it later), each `{ verified: false, code, message }`.";

/** Payment orders (drafts, decision 002), the checkout's proof, the webhook. The pincodes come from configuration. */
export const paymentRoutes = {
  createOrder: (deliveryPincodes: readonly string[]) =>
    defineRoute('POST', '/api/razorpay/create-order', {
      summary: 'Price an order, store it as a draft and open its payment',
      description:
        "Customer. `amount` is what the customer saw, in paise: 409 `price_changed` with `expectedAmount` when it is not the server's price (nothing is stored). The documents as for calculate-cost (`documents`, or one `fileId` + `options` + `pageRange`); 400 `print_options_not_offered` as there. Delivery to the configured pincodes ('Sorry, our service is not available at your location.' otherwise) or shop pickup; optional `whatsappUpdates` and `businessBill: { customerGstin, billingName }`. Each document is stored (decision 023); 429 `draft_quota`.",
      tags,
      body: makeCreatePaymentOrderSchema(deliveryPincodes),
      response: { 200: createPaymentOrderResponseSchema },
    }),
  verify: defineRoute('POST', '/api/razorpay/verify-payment', {
    summary: "Verify the checkout's proof and place the order",
    description: `Customer. 400 \`payment_verification_failed\` \`{ verified: false, message: 'Payment verification failed' }\` on a bad or missing signature. ${CONFIRMATION} Idempotent.`,
    tags,
    body: verifyPaymentSchema,
    response: { 200: verifiedPaymentSchema },
  }),
  sandboxComplete: defineRoute('POST', '/api/payments/sandbox/complete', {
    summary: 'Pay in the built-in sandbox checkout',
    description:
      "Customer; only while the sandbox is the provider (404 otherwise). Signs like Razorpay; `outcome: 'failure'` answers 402 `payment_failed`.",
    tags,
    body: sandboxCompleteSchema,
    response: { 200: sandboxCompleteResponseSchema },
  }),
  webhook: defineRoute('POST', '/api/razorpay/webhook', {
    summary: "Razorpay's webhook (payment.captured, order.paid; refund.created, refund.processed, refund.failed)",
    description:
      "Public. The signature (`x-razorpay-signature`, HMAC of the raw body with the webhook secret): 400 `bad_signature` 'Invalid webhook signature'. Deduplicated by `x-razorpay-event-id`; repeats and out-of-order deliveries are absorbed.",
    tags,
    body: bodyReadByHandler(
      z.looseObject({ event: z.string(), payload: z.looseObject({}) }),
      'The raw bytes: the signature covers them exactly, so the handler checks it before reading them.',
    ),
    response: { 200: z.object({ status: z.enum(['ok', 'duplicate']) }) },
  }),
};
