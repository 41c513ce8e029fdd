import { z } from 'zod';
import { makeDeliveryDetailsSchema, pickupDetailsSchema, printOptionsSchema } from '../orders/schemas.ts';

export const PRICE_CHANGED_MESSAGE = 'The price has changed. Please review the new price before paying.';
export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';

const createOrderBase = {
  /** What the customer saw, in paise; the server refuses a different figure (409 price_changed). */
  amount: z.number({ error: 'Amount is required' }).finite('Amount is required').nonnegative('Amount is required'),
  currency: z.literal('INR', { error: 'Only INR is accepted' }).default('INR'),
  notes: z.object({ userId: z.unknown(), serviceId: z.unknown() }).partial().optional(),
  fileId: z.string({ error: 'File is required' }).trim().min(1, 'File is required').max(100),
  options: printOptionsSchema,
};

/** POST /api/razorpay/create-order; the delivery pincodes come from configuration. */
export function makeCreatePaymentOrderSchema(pincodes: readonly string[]) {
  return z.discriminatedUnion(
    'deliveryType',
    [
      z.object({ ...createOrderBase, deliveryType: z.literal('delivery'), deliveryDetails: makeDeliveryDetailsSchema(pincodes) }),
      z.object({ ...createOrderBase, deliveryType: z.literal('pickup'), deliveryDetails: pickupDetailsSchema }),
    ],
    { error: 'Choose home delivery or shop pickup' },
  );
}
export type CreatePaymentOrderInput = z.input<ReturnType<typeof makeCreatePaymentOrderSchema>>;

export interface CreatePaymentOrderResponse {
  /** The provider's order id (order_…), for the checkout window. */
  id: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  /** Public key id for the checkout window. */
  key: string;
  provider: 'sandbox' | 'razorpay';
  /** Our order's id. */
  orderId: number;
  orderNumber: string;
  prefill: { name: string; email: string; contact: string };
}

export const verifyPaymentSchema = z.object({
  razorpay_order_id: z.string({ error: PAYMENT_VERIFICATION_FAILED }).trim().min(1, PAYMENT_VERIFICATION_FAILED).max(100),
  razorpay_payment_id: z.string({ error: PAYMENT_VERIFICATION_FAILED }).trim().min(1, PAYMENT_VERIFICATION_FAILED).max(100),
  razorpay_signature: z.string({ error: PAYMENT_VERIFICATION_FAILED }).trim().min(1, PAYMENT_VERIFICATION_FAILED).max(200),
});
export type VerifyPaymentInput = z.input<typeof verifyPaymentSchema>;

export const sandboxCompleteSchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(100),
  outcome: z.enum(['success', 'failure']).default('success'),
});

export interface SandboxCompleteResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
