import { sql } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema/index.ts';
import { hmacSha256Hex, safeEqualHex, sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../plugins/errors.ts';
import { fulfilFromProviderPayment, reconcileOne } from './reconcile.ts';
import type { PaymentsContext } from './provider.ts';

interface RazorpayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; currency?: string; status?: string } };
    order?: { entity?: { id?: string; status?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; status?: string; notes?: Record<string, unknown> } };
  };
}

const REFUND_EVENTS = new Set(['refund.created', 'refund.processed', 'refund.failed']);

/**
 * Razorpay webhook: signature over the raw body with the webhook secret; deduplicated by x-razorpay-event-id;
 * deliveries may repeat or arrive out of order, which the idempotent fulfil absorbs.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  raw: Buffer,
  headers: Record<string, unknown>,
): Promise<{ status: 'ok' | 'duplicate' }> {
  const signature = typeof headers['x-razorpay-signature'] === 'string' ? headers['x-razorpay-signature'] : '';
  const expected = hmacSha256Hex(ctx.config.RAZORPAY_WEBHOOK_SECRET, raw);
  if (!signature || !safeEqualHex(expected, signature.toLowerCase())) {
    ctx.log.warn('webhook signature mismatch');
    throw new AppError('bad_signature', 400, 'Invalid webhook signature');
  }
  let event: RazorpayEvent;
  try {
    event = JSON.parse(raw.toString('utf8')) as RazorpayEvent;
  } catch {
    throw new AppError('bad_request', 400, 'The request body is not valid JSON.');
  }
  const headerId = headers['x-razorpay-event-id'];
  const eventId = typeof headerId === 'string' && headerId ? headerId.slice(0, 200) : `body:${sha256Hex(raw)}`;
  const eventType = String(event.event ?? 'unknown').slice(0, 100);

  const inserted = await ctx.db
    .insert(webhookEvents)
    .values({ eventId, provider: 'razorpay', eventType })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (inserted.length === 0) return { status: 'duplicate' };

  try {
    if (eventType === 'payment.captured' || eventType === 'order.paid') {
      const p = event.payload?.payment?.entity;
      const providerOrderId = p?.order_id ?? event.payload?.order?.entity?.id;
      if (p?.id && p.order_id && typeof p.amount === 'number') {
        await fulfilFromProviderPayment(
          ctx,
          {
            id: p.id,
            orderId: p.order_id,
            amount: p.amount,
            currency: p.currency ?? 'INR',
            status: p.status ?? 'captured',
          },
          'webhook',
        );
      } else if (providerOrderId) {
        // An order.paid without the payment entity: ask the provider.
        await reconcileOne(ctx, providerOrderId);
      }
    } else if (REFUND_EVENTS.has(eventType)) {
      // Razorpay's word on a refund (docs/decisions/021-refunds.md): the refunds module settles its record from it.
      const r = event.payload?.refund?.entity;
      const status = r?.status;
      if (r?.id && r.payment_id && (status === 'pending' || status === 'processed' || status === 'failed')) {
        const ref = typeof r.notes?.shop_refund === 'string' ? r.notes.shop_refund : null;
        for (const listener of ctx.providerRefundListeners ?? [])
          await listener({ id: r.id, paymentId: r.payment_id, status, ref });
      }
    }
    await ctx.db
      .update(webhookEvents)
      .set({ processedAt: new Date() })
      .where(sql`${webhookEvents.eventId} = ${eventId}`);
  } catch (err) {
    // Let Razorpay deliver it again.
    await ctx.db.delete(webhookEvents).where(sql`${webhookEvents.eventId} = ${eventId}`);
    throw err;
  }
  return { status: 'ok' };
}
