import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { fulfilFromProviderPayment } from './payments.service.ts';
import { getPaymentProvider } from './provider.ts';

export { fulfilFromProviderPayment };

/** Ask the provider about one draft and fulfil it from a captured payment. */
export async function reconcileOne(ctx: AppContext, providerOrderId: string) {
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.razorpayOrderId, providerOrderId), eq(orders.status, 'pending_payment')))
    .limit(1);
  if (!order) return null;
  for (const p of await getPaymentProvider(ctx).listPayments(providerOrderId)) {
    const r = await fulfilFromProviderPayment(ctx, { ...p, orderId: providerOrderId }, 'webhook');
    if (r) return r;
  }
  return null;
}
