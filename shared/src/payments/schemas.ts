import { z } from 'zod';
import { businessBillSchema } from '../gst/schemas.ts';
import {
  makeDeliveryDetailsSchema,
  orderDocumentsSchema,
  pickupDetailsSchema,
  printOptionsSchema,
} from '../orders/schemas.ts';

export const PRICE_CHANGED_MESSAGE = 'The price has changed. Please review the new price before paying.';
export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';

/**
 * After a valid checkout signature the server asks the provider about the payment itself (status, order, amount,
 * currency). What the customer is told when that does not confirm it; the order stays unpaid in every case.
 */
export const PAYMENT_CONFIRMATION_ERRORS = {
  /** The payment is for another order, another amount or another currency. */
  payment_mismatch: {
    status: 400,
    message:
      'This payment does not match your order, so the order has not been placed. If money was taken from your account, please contact the shop with your order number.',
  },
  /** The provider holds it as not paid (failed, or still waiting for the bank). */
  payment_not_completed: {
    status: 402,
    message: 'Your payment has not been completed, so the order has not been placed yet. You can try paying again.',
  },
  /** The provider could not be asked just now; reconciliation completes the order once it answers. */
  payment_unconfirmed: {
    status: 503,
    message:
      'We could not confirm your payment with the bank just now. If money was taken, your order will be placed automatically within a few minutes and will appear in your orders.',
  },
} as const;
export type PaymentConfirmationErrorCode = keyof typeof PAYMENT_CONFIRMATION_ERRORS;

const createOrderBase = {
  /** What the customer saw, in paise; the server refuses a different figure (409 price_changed). */
  amount: z.number({ error: 'Amount is required' }).finite('Amount is required').nonnegative('Amount is required'),
  currency: z.literal('INR', { error: 'Only INR is accepted' }).default('INR'),
  notes: z.object({ userId: z.unknown(), serviceId: z.unknown() }).partial().optional(),
  /** The order's documents, in print order. */
  documents: orderDocumentsSchema.optional(),
  /** One document, as before several were possible: the same as `documents: [{ fileId, options, pageRange }]`. */
  fileId: z.string({ error: 'File is required' }).trim().min(1, 'File is required').max(100).optional(),
  options: printOptionsSchema.optional(),
  pageRange: z.string().max(2000).optional(),
  /** The "Send me order updates on WhatsApp" tick: consent for this order's number (decision 022). */
  whatsappUpdates: z.boolean({ error: 'Tick or untick WhatsApp updates' }).optional(),
  /** Optional GSTIN + registered name for a business bill (both or neither). */
  businessBill: businessBillSchema.optional(),
};

/** POST /api/razorpay/create-order; the delivery pincodes come from configuration. */
export function makeCreatePaymentOrderSchema(pincodes: readonly string[]) {
  return z.discriminatedUnion(
    'deliveryType',
    [
      z.object({
        ...createOrderBase,
        deliveryType: z.literal('delivery'),
        deliveryDetails: makeDeliveryDetailsSchema(pincodes),
      }),
      z.object({ ...createOrderBase, deliveryType: z.literal('pickup'), deliveryDetails: pickupDetailsSchema }),
    ],
    { error: 'Choose home delivery or shop pickup' },
  );
}
export type CreatePaymentOrderInput = z.input<ReturnType<typeof makeCreatePaymentOrderSchema>>;

export const createPaymentOrderResponseSchema = z
  .object({
    /** The provider's order id (order_…), for the checkout window. */
    id: z.string(),
    /** Paise. */
    amount: z.number().int(),
    currency: z.literal('INR'),
    /** Public key id for the checkout window. */
    key: z.string(),
    provider: z.enum(['sandbox', 'razorpay']),
    /** Our order's id. */
    orderId: z.number().int(),
    orderNumber: z.string(),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  })
  .meta({ id: 'PaymentOrder' });
export type CreatePaymentOrderResponse = z.infer<typeof createPaymentOrderResponseSchema>;

export const verifyPaymentSchema = z.object({
  razorpay_order_id: z
    .string({ error: PAYMENT_VERIFICATION_FAILED })
    .trim()
    .min(1, PAYMENT_VERIFICATION_FAILED)
    .max(100),
  razorpay_payment_id: z
    .string({ error: PAYMENT_VERIFICATION_FAILED })
    .trim()
    .min(1, PAYMENT_VERIFICATION_FAILED)
    .max(100),
  razorpay_signature: z
    .string({ error: PAYMENT_VERIFICATION_FAILED })
    .trim()
    .min(1, PAYMENT_VERIFICATION_FAILED)
    .max(200),
});
export type VerifyPaymentInput = z.input<typeof verifyPaymentSchema>;

export const sandboxCompleteSchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(100),
  outcome: z.enum(['success', 'failure']).default('success'),
});

export const sandboxCompleteResponseSchema = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
export type SandboxCompleteResponse = z.infer<typeof sandboxCompleteResponseSchema>;
