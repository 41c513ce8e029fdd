import { PAYMENT_CONFIRMATION_ERRORS, type PaymentConfirmationErrorCode } from '@shop/shared/payments/schemas';
import type { orders } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { ProviderCallError, type ProviderPayment, type PaymentsContext } from './provider.ts';

type OrderRow = typeof orders.$inferSelect;

export class PaymentConfirmationError extends AppError {
  constructor(code: PaymentConfirmationErrorCode) {
    const { status, message } = PAYMENT_CONFIRMATION_ERRORS[code];
    super(code, status, message, undefined, { verified: false });
  }
}

/** The provider's payment is for this draft: its order, the exact amount and the currency the draft was priced in. */
export function paymentMatchesDraft(
  payment: ProviderPayment,
  draft: Pick<OrderRow, 'razorpayOrderId' | 'totalAmount'>,
): boolean {
  return (
    payment.orderId === draft.razorpayOrderId && payment.amount === draft.totalAmount && payment.currency === 'INR'
  );
}

/**
 * A valid checkout signature proves only that the checkout window handed over these ids. Before a draft is fulfilled
 * the provider is asked about the payment itself: it must be for this draft's provider order, for the draft's exact
 * amount in INR, and captured; an authorized payment is captured here for exactly that amount. Anything else leaves
 * the draft unpaid with a message the customer understands. When the provider cannot be reached the draft stays
 * unpaid too, and reconciliation completes it once the provider answers.
 */
export async function confirmProviderPayment(
  ctx: PaymentsContext,
  draft: OrderRow,
  paymentId: string,
): Promise<ProviderPayment> {
  const provider = ctx.payments;
  const log = { orderId: draft.id, provider: provider.kind };
  let payment: ProviderPayment;
  try {
    payment = await provider.fetchPayment(paymentId);
  } catch (err) {
    throw providerFailure(ctx, err, log, 'fetch');
  }
  if (!paymentMatchesDraft(payment, draft)) {
    ctx.log.error(
      {
        ...log,
        paymentOrderMatches: payment.orderId === draft.razorpayOrderId,
        paid: payment.amount,
        expected: draft.totalAmount,
        currency: payment.currency,
      },
      'payment does not match the draft; order left unpaid',
    );
    throw new PaymentConfirmationError('payment_mismatch');
  }
  if (payment.status === 'authorized') payment = await capture(ctx, draft, payment, log);
  if (payment.status !== 'captured') {
    ctx.log.warn({ ...log, status: payment.status }, 'payment not captured; order left unpaid');
    throw new PaymentConfirmationError('payment_not_completed');
  }
  return payment;
}

/** Captures an authorized payment for the draft's amount (a capture racing another one is read back). */
async function capture(
  ctx: PaymentsContext,
  draft: OrderRow,
  payment: ProviderPayment,
  log: Record<string, unknown>,
): Promise<ProviderPayment> {
  const provider = ctx.payments;
  try {
    const captured = await provider.capturePayment(payment.id, draft.totalAmount, 'INR');
    if (!paymentMatchesDraft(captured, draft)) throw new PaymentConfirmationError('payment_mismatch');
    ctx.log.info({ ...log, status: captured.status }, 'authorized payment captured');
    return captured;
  } catch (err) {
    if (err instanceof PaymentConfirmationError) throw err;
    // Refused: perhaps captured a moment ago by a second verify; what the provider holds now decides.
    if (err instanceof ProviderCallError && err.providerStatus !== undefined) {
      let again: ProviderPayment | null = null;
      try {
        again = await provider.fetchPayment(payment.id);
      } catch {
        /* reported below */
      }
      if (again?.status === 'captured' && paymentMatchesDraft(again, draft)) return again;
      // No longer capturable (failed, refunded): nothing will complete it later either.
      if (again && again.status !== 'authorized') throw new PaymentConfirmationError('payment_not_completed');
    }
    throw providerFailure(ctx, err, log, 'capture');
  }
}

function providerFailure(
  ctx: PaymentsContext,
  err: unknown,
  log: Record<string, unknown>,
  step: 'fetch' | 'capture',
): AppError {
  // The provider answered 4xx to a fetch: it holds no such payment (an id the browser made up).
  if (
    step === 'fetch' &&
    err instanceof ProviderCallError &&
    err.providerStatus !== undefined &&
    err.providerStatus < 500
  ) {
    return new PaymentConfirmationError('payment_mismatch');
  }
  ctx.log.warn(
    { ...log, step, err: { message: (err as Error).message } },
    'payment could not be confirmed with the provider; left for reconciliation',
  );
  return new PaymentConfirmationError('payment_unconfirmed');
}
