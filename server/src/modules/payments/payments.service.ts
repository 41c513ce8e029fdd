import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PAYMENT_VERIFICATION_FAILED,
  PRICE_CHANGED_MESSAGE,
  type makeCreatePaymentOrderSchema,
} from '@shop/shared/payments/schemas';
import { orders, payments } from '../../db/schema/index.ts';
import { safeEqualHex } from '../../lib/crypto.ts';
import { AppError } from '../../plugins/errors.ts';
import type { UserPrincipal } from '../../plugins/auth.ts';
import { filesOnceSensitive, documentsOf } from '../orders/index.ts';
import { documentRows, priceDocuments } from '../pricing/index.ts';
import { confirmProviderPayment } from './confirm-payment.ts';
import { fulfilPaidOrder, type FulfilResult } from './fulfil.ts';
import { insertNumberedOrder, orderTotalsOf } from './order-number.ts';
import { randomProviderId, signCheckout, type PaymentsContext } from './provider.ts';

type User = UserPrincipal['user'];
type CreateInput = z.output<ReturnType<typeof makeCreatePaymentOrderSchema>>;
type OrderRow = typeof orders.$inferSelect;

/** Above this an online payment is refused (and Postgres integers stay far from overflow). ₹10,00,000. */
export const MAX_ONLINE_AMOUNT = 100_000_000;

/** The customer saw another price: 409 with the server's (`expectedAmount`, paise) to review. */
export class PriceChangedError extends AppError {
  constructor(public readonly expectedAmount: number) {
    super('price_changed', 409, PRICE_CHANGED_MESSAGE, undefined, { expectedAmount });
  }
}
/** A payment proof that does not verify: the original API's `{ success: false, verified: false, message }`. */
export class VerificationFailedError extends AppError {
  constructor() {
    super('payment_verification_failed', 400, PAYMENT_VERIFICATION_FAILED, undefined, {
      success: false,
      verified: false,
    });
  }
}

/**
 * Create payment: price on the server, refuse a different client figure before anything is written,
 * store the draft (pending_payment), then create the provider order for exactly that amount.
 */
export async function createPaymentOrder(ctx: PaymentsContext, user: User, input: CreateInput) {
  const { documents, price } = await priceDocuments(
    ctx,
    { owner: { userId: user.id } },
    documentsOf(input),
    input.deliveryType,
  );
  const sensitive = await filesOnceSensitive(
    ctx.db,
    documents.flatMap((d) => (d.file ? [d.file.id] : [])),
  );
  for (const d of documents) if (d.file && sensitive.has(d.file.id)) d.sensitive = true;
  const amount = price.totalAmount;
  if (input.amount !== amount) throw new PriceChangedError(amount);
  if (amount <= 0) throw new AppError('validation_error', 400, 'There is nothing to pay for this order.');
  if (amount > MAX_ONLINE_AMOUNT)
    throw new AppError('amount_too_large', 400, 'This order is too large to pay online. Please contact the shop.');

  const service = documents[0]!.service;
  const d = input.deliveryDetails;
  const delivery = input.deliveryType === 'delivery' ? input.deliveryDetails : null;
  // The header: who, where, how it is paid and the totals; what is printed is on the documents' rows.
  const values = {
    userId: user.id,
    userName: user.name,
    ...orderTotalsOf(price),
    address: delivery
      ? {
          fullName: delivery.fullName || user.name,
          mobileNumber: delivery.mobileNumber,
          doorNumber: delivery.doorNumber,
          address: delivery.address,
          pincode: delivery.pincode,
          ...(delivery.landmark ? { landmark: delivery.landmark } : {}),
        }
      : 'Self Pickup',
    doorNumber: delivery ? delivery.doorNumber : 'N/A',
    pincode: delivery ? delivery.pincode : ctx.config.PICKUP_PINCODE,
    mobileNumber: d.mobileNumber,
    deliveryType: input.deliveryType,
    status: 'pending_payment',
    paymentStatus: 'pending',
  } satisfies Omit<typeof orders.$inferInsert, 'orderNumber' | 'documentNames'>;

  const draft = (await insertNumberedOrder(ctx.db, values, documentRows(documents, price)))!;

  const provider = ctx.payments;
  let providerOrder;
  try {
    providerOrder = await provider.createOrder({
      amount,
      receipt: draft.orderNumber,
      notes: {
        orderId: String(draft.id),
        orderNumber: draft.orderNumber,
        userId: String(user.id),
        serviceId: String(service.id),
      },
    });
  } catch (err) {
    // A draft without a provider order can never be paid: remove it.
    await ctx.db.delete(orders).where(eq(orders.id, draft.id));
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ razorpayOrderId: providerOrder.id, updatedAt: new Date() })
      .where(eq(orders.id, draft.id));
    await tx.insert(payments).values({
      orderId: draft.id,
      provider: provider.kind,
      providerOrderId: providerOrder.id,
      amount,
      currency: 'INR',
    });
  });
  ctx.log.info(
    {
      orderId: draft.id,
      orderNumber: draft.orderNumber,
      amount,
      provider: provider.kind,
      deliveryType: input.deliveryType,
    },
    'payment order created',
  );

  return {
    id: providerOrder.id,
    amount,
    currency: 'INR' as const,
    key: provider.keyId,
    provider: provider.kind,
    orderId: draft.id,
    orderNumber: draft.orderNumber,
    prefill: { name: user.name, email: user.email, contact: d.mobileNumber },
  };
}

/** The caller's draft by the provider order id the browser echoes (used only to find it). */
async function findOwnDraftByProviderOrder(ctx: PaymentsContext, userId: number, providerOrderId: string) {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.razorpayOrderId, providerOrderId), eq(orders.userId, userId)))
    .limit(1);
  return order;
}

/**
 * Verify the checkout signature against the provider order id stored on OUR draft, then fulfil.
 * Idempotent: a repeated valid verify returns the same paid order.
 */
export async function verifyCheckout(
  ctx: PaymentsContext,
  user: User,
  order: OrderRow | undefined,
  paymentId: string,
  signature: string,
): Promise<FulfilResult> {
  if (!order || !order.razorpayOrderId) throw new VerificationFailedError();
  const expected = signCheckout(ctx.config.RAZORPAY_KEY_SECRET, order.razorpayOrderId, paymentId);
  if (!safeEqualHex(expected, signature.toLowerCase())) {
    ctx.log.warn({ orderId: order.id }, 'payment signature mismatch');
    throw new VerificationFailedError();
  }
  // The signature is not enough: the provider must hold this payment as captured, for this draft and amount.
  if (order.status === 'pending_payment') await confirmProviderPayment(ctx, order, paymentId);
  const result = await fulfilPaidOrder(ctx, {
    providerOrderId: order.razorpayOrderId,
    paymentId,
    via: 'verify',
    actor: { kind: 'customer', id: user.id, name: user.name },
  });
  if (!result) throw new VerificationFailedError();
  return result;
}

export async function verifyPayment(
  ctx: PaymentsContext,
  user: User,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  const order = await findOwnDraftByProviderOrder(ctx, user.id, input.razorpay_order_id);
  return verifyCheckout(ctx, user, order, input.razorpay_payment_id, input.razorpay_signature);
}

/** Sandbox checkout: the customer "pays"; a captured payment is recorded and the Razorpay-style signature returned. */
export async function completeSandboxPayment(
  ctx: PaymentsContext,
  user: User,
  input: { razorpay_order_id: string; outcome: 'success' | 'failure' },
) {
  const order = await findOwnDraftByProviderOrder(ctx, user.id, input.razorpay_order_id);
  if (!order) throw new AppError('not_found', 404, 'Order not found');
  if (input.outcome === 'failure')
    throw new AppError('payment_failed', 402, 'Payment failed. No money was taken; you can try again.');
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderId, input.razorpay_order_id))
    .limit(1);
  if (!payment) throw new AppError('not_found', 404, 'Order not found');
  let paymentId = payment.providerPaymentId;
  if (!paymentId) {
    const candidate = randomProviderId('pay');
    const [updated] = await ctx.db
      .update(payments)
      .set({ providerPaymentId: candidate, status: 'captured', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')))
      .returning();
    if (updated) paymentId = candidate;
    else {
      const [again] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
      paymentId = again!.providerPaymentId!;
    }
  }
  return {
    razorpay_order_id: input.razorpay_order_id,
    razorpay_payment_id: paymentId,
    razorpay_signature: signCheckout(ctx.config.RAZORPAY_KEY_SECRET, input.razorpay_order_id, paymentId),
  };
}
