import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import { every, type Job } from '../../jobs/runner.ts';
import { confirmProviderPayment, paymentMatchesDraft } from './confirm-payment.ts';
import { fulfilPaidOrder, type FulfilResult } from './fulfil.ts';
import { providerTroubleInWords, type PaymentsContext } from './provider.ts';

/**
 * Payments the browser never reported: the webhook's captured payments and the reconciliation job that asks the
 * provider about open drafts (the customer closed the tab after paying). Both end in the same idempotent fulfil.
 */

/**
 * A captured provider payment for this draft completes it, when its amount and currency match. Reconciliation also
 * captures a matching authorized payment (a verify that could not reach the provider left it so).
 */
export async function fulfilFromProviderPayment(
  ctx: PaymentsContext,
  payment: { id: string; orderId: string; amount: number; currency: string; status: string },
  via: 'webhook' | 'reconcile',
): Promise<FulfilResult | null> {
  const capturable = via === 'reconcile' && payment.status === 'authorized';
  if (payment.status !== 'captured' && !capturable) return null;
  const [order] = await ctx.db.select().from(orders).where(eq(orders.razorpayOrderId, payment.orderId)).limit(1);
  if (!order) return null;
  if (order.status !== 'pending_payment') return { order, fulfilled: false };
  if (!paymentMatchesDraft(payment, order)) {
    ctx.log.error(
      { orderId: order.id, paid: payment.amount, expected: order.totalAmount },
      'captured amount differs from the order; left for the shop to check',
    );
    return null;
  }
  if (capturable) await confirmProviderPayment(ctx, order, payment.id);
  return fulfilPaidOrder(ctx, { providerOrderId: payment.orderId, paymentId: payment.id, via });
}

/**
 * Reconciliation: open drafts (not expired, younger than DRAFT_EXPIRY_HOURS) with a provider order are asked about at the provider; a captured
 * payment completes them (the customer closed the tab after paying). Safe to run on every server copy at once.
 */
export async function reconcilePendingPayments(
  ctx: PaymentsContext,
  now = new Date(),
): Promise<{ checked: number; fulfilled: number; failedChecks: number; trouble: string | null }> {
  const provider = ctx.payments;
  const since = new Date(now.getTime() - ctx.config.DRAFT_EXPIRY_HOURS * 3600_000);
  const candidates = await ctx.db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        isNull(orders.expiredAt),
        isNotNull(orders.razorpayOrderId),
        gt(orders.createdAt, since),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(500);
  // Abandoned drafts are asked about less and less often (stateless: spread over runs by id), so the provider
  // is not polled for every unpaid cart once a minute for a day.
  const run = Math.floor(now.getTime() / 60_000);
  const drafts = candidates.filter((d) => {
    const ageMinutes = (now.getTime() - d.createdAt.getTime()) / 60_000;
    const every = ageMinutes < 15 ? 1 : ageMinutes < 120 ? 5 : 30;
    return (d.id + run) % every === 0;
  });
  let fulfilled = 0;
  let failedChecks = 0;
  let trouble: string | null = null;
  for (const draft of drafts) {
    try {
      const list = await provider.listPayments(draft.razorpayOrderId!);
      for (const p of list) {
        const r = await fulfilFromProviderPayment(ctx, { ...p, orderId: draft.razorpayOrderId! }, 'reconcile');
        if (r?.fulfilled) fulfilled++;
        if (r) break;
      }
    } catch (err) {
      failedChecks++;
      trouble ??= providerTroubleInWords(err);
      ctx.log.warn(
        { err: { message: (err as Error).message }, orderId: draft.id },
        'reconciliation could not check an order',
      );
    }
  }
  if (fulfilled) ctx.log.info({ checked: drafts.length, fulfilled }, 'reconciliation completed paid orders');
  return { checked: drafts.length, fulfilled, failedChecks, trouble };
}

/** Ask the provider about one draft and fulfil it from a captured payment (an order.paid webhook without the payment). */
export async function reconcileOne(ctx: PaymentsContext, providerOrderId: string): Promise<FulfilResult | null> {
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.razorpayOrderId, providerOrderId), eq(orders.status, 'pending_payment')))
    .limit(1);
  if (!order) return null;
  for (const p of await ctx.payments.listPayments(providerOrderId)) {
    const r = await fulfilFromProviderPayment(ctx, { ...p, orderId: providerOrderId }, 'webhook');
    if (r) return r;
  }
  return null;
}

export const RECONCILE_JOB = 'payment-reconciliation';

/**
 * Drafts whose payment the provider has but the shop never heard of (a closed tab, a lost webhook), every
 * RECONCILE_INTERVAL_SECONDS (0 = off; docs/decisions/002-drafts-before-payment.md). One server copy asks at a time.
 */
export function reconcileJob(ctx: PaymentsContext): Job | null {
  const seconds = ctx.config.RECONCILE_INTERVAL_SECONDS;
  if (seconds <= 0) return null;
  return {
    name: RECONCILE_JOB,
    leaseMs: 5 * 60_000,
    quiet: true,
    nextRun: every(seconds * 1000),
    // A check that could not be made fails the run, so the owner's dashboard says why (wrong keys, Razorpay down).
    run: async () => {
      const r = await reconcilePendingPayments(ctx);
      if (r.trouble)
        throw new Error(`Could not check ${r.failedChecks} of ${r.checked} unpaid orders with Razorpay: ${r.trouble}`);
      return { checked: r.checked, fulfilled: r.fulfilled };
    },
  };
}
