import type { CreatePaymentOrderResponse } from '@shop/shared/payments/schemas';
import { call, type CallBody } from '@/lib/api-client';
import type { CheckoutSuccess } from './razorpay';

export type { CreatePaymentOrderResponse };

type CreateOrderBody = CallBody<'POST /api/razorpay/create-order'>;
/** Where the order goes: home delivery with its address, or pickup with a mobile number (one of the body's shapes). */
export type DeliveryChoice = CreateOrderBody extends infer B
  ? B extends { deliveryType: unknown; deliveryDetails: unknown }
    ? Pick<B, 'deliveryType' | 'deliveryDetails'>
    : never
  : never;

/** The order priced by the server and kept as a draft, with the payment the checkout window opens (decision 002). */
export const createPaymentOrder = (body: CreateOrderBody) => call('POST /api/razorpay/create-order', { body });

/** The built-in sandbox's "payment": the server signs it as Razorpay would. */
export const completeSandboxPayment = (razorpay_order_id: string, outcome: 'success' | 'failure') =>
  call('POST /api/payments/sandbox/complete', { body: { razorpay_order_id, outcome } });

/** The checkout window's proof; the server confirms the payment with the provider and places the order. */
export const verifyPayment = (body: CheckoutSuccess) => call('POST /api/razorpay/verify-payment', { body });
