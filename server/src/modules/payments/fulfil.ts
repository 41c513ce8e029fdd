import { eq, sql } from 'drizzle-orm';
import { newPickupCode } from '../pickup/index.ts';
import { promisedReadyTime } from '@shop/shared/orders/due-time';
import { readPrintSpeeds } from '../printing/index.ts';
import { orderDocuments, orders, payments } from '../../db/schema/index.ts';
import { transitionOrder, type OrdersContext } from '../orders/index.ts';
import { issueInvoiceInTx } from '../invoices/index.ts';

export type FulfilVia = 'verify' | 'webhook' | 'reconcile';
type OrderRow = typeof orders.$inferSelect;

export interface FulfilResult {
  order: OrderRow;
  /** True only for the one call that turned the draft into a paid order. */
  fulfilled: boolean;
}

/**
 * The one way a draft becomes a paid order, shared by verify, webhook and reconciliation.
 * Idempotent and safe under concurrency: transitionOrder locks the draft and moves it only from pending_payment, so
 * exactly one caller wins, and only the winner writes the status event and publishes `order.paid`.
 * Returns null when no order carries this provider order id.
 */
export async function fulfilPaidOrder(
  ctx: OrdersContext,
  input: {
    providerOrderId: string;
    paymentId: string;
    via: FulfilVia;
    actor?: { kind: 'customer' | 'system'; id?: number; name?: string };
  },
): Promise<FulfilResult | null> {
  const now = new Date();
  // The shop's printer speeds (decision 039), read before the transaction: it stays short.
  const speeds = await readPrintSpeeds(ctx.db);
  const result = await transitionOrder(ctx, {
    where: { providerOrderId: input.providerOrderId },
    from: ['pending_payment'],
    to: 'unvisited',
    actor: { kind: input.actor?.kind ?? 'system', id: input.actor?.id, name: input.actor?.name },
    // A pickup order gets its collection code with the payment (none for home delivery).
    set: {
      paymentStatus: 'completed',
      paymentId: input.paymentId,
      paidAt: now,
      pickupCode: sql`case when ${orders.deliveryType} = 'pickup' then ${newPickupCode()} else null end`,
    },
    inTransaction: async (tx, row) => {
      // The time the shop promises it ready, from the work in it and the shop's hours (decision 025).
      const documents = await tx.select().from(orderDocuments).where(eq(orderDocuments.orderId, row.id));
      const readyBy = promisedReadyTime(now, documents, { speeds });
      await tx.update(orders).set({ readyBy }).where(eq(orders.id, row.id));
      row.readyBy = readyBy; // the row listeners and the caller get carries it too
      await tx
        .update(payments)
        .set({ status: 'captured', providerPaymentId: input.paymentId, confirmedBy: input.via, updatedAt: now })
        .where(eq(payments.providerOrderId, input.providerOrderId));
      // The order's receipt / bill / invoice, numbered in this transaction: paid and billed together or not at all.
      await issueInvoiceInTx(tx, ctx.config, row, now);
    },
  });
  if (result.changed && result.order) {
    const won = result.order;
    ctx.log.info(
      { orderId: won.id, orderNumber: won.orderNumber, amount: won.totalAmount, via: input.via },
      'payment captured, order placed',
    );
    return { order: won, fulfilled: true };
  }
  if (result.order) return { order: result.order, fulfilled: false };
  const [existing] = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.razorpayOrderId, input.providerOrderId))
    .limit(1);
  return existing ? { order: existing, fulfilled: false } : null;
}
