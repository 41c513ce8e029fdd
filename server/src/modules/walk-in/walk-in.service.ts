import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { promisedReadyTime } from '@shop/shared/orders/due-time';
import { readPrintSpeeds } from '../printing/index.ts';
import { MAX_WALK_IN_AMOUNT_PAISE, WALK_IN_MESSAGES, type WalkInOrder } from '@shop/shared/walk-in/schemas';
import { invoices, orderDocuments, orders } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { assertRecipientAllowed, issueInvoiceInTx, saveBusinessBill } from '../invoices/index.ts';
import { countSends, recordSends, type SendRecipient, recordWhatsAppOptIn } from '../notify/index.ts';
import { transitionOrder, type OrdersContext } from '../orders/index.ts';
import { PriceChangedError, insertNumberedOrder, orderTotalsOf } from '../payments/index.ts';
import { newPickupCode } from '../pickup/index.ts';
import { documentRows, priceDocuments } from '../pricing/index.ts';
import { shopDay, shopDayStart } from '@shop/shared/common/shop-clock';

/** Who works the counter: a clerk, or the admin (whose uploads are by account). */
export type CounterActor = { kind: 'staff'; id: number; name: string } | { kind: 'admin'; id: number; name: string };

type OrderRow = typeof orders.$inferSelect;

async function findByKey(ctx: OrdersContext, key: string): Promise<OrderRow | undefined> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.counterRequestKey, key)).limit(1);
  return row;
}

/** A form's key belongs to the clerk who sent it (decision 033): another clerk's same key is another order. */
export const scopedRequestKey = (actor: CounterActor, key: string) => `${actor.kind}:${actor.id}:${key.toLowerCase()}`;

/** JSON with object keys sorted, so the same request hashes the same however its fields were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The request as validated, without its key: a retry must send exactly this again. */
export const walkInRequestHash = (input: WalkInOrder) => sha256Hex(canonicalJson({ ...input, requestKey: undefined }));

/** The order an earlier request with this key made, as long as it was the same request; 409 for other details. */
function sameRequest(earlier: OrderRow, hash: string): OrderRow {
  // Orders made before hashes were kept (null) are taken as the same request, as they were then.
  if (earlier.counterRequestHash && earlier.counterRequestHash !== hash) {
    throw new AppError('request_key_reused', 409, WALK_IN_MESSAGES.keyReused(earlier.orderNumber));
  }
  return earlier;
}

/**
 * A walk-in order (docs/decisions/025-walk-in-orders.md): priced on the server with the one price
 * function, refused when the clerk's figure differs, written with its documents, then paid at once through the one
 * status-change function (orders/order-transition.ts), as a payment would: unvisited in the same queue, the receipt
 * numbered in that transaction, the pickup code and promised ready time set, the live event and the customer's mail.
 * The request key makes it idempotent: the same key again answers with the order made the first time (and finishes
 * it, had the first attempt stopped between the two steps).
 */
export async function createWalkInOrder(
  ctx: OrdersContext,
  actor: CounterActor,
  input: WalkInOrder,
): Promise<{ created: boolean; order: OrderRow }> {
  const key = scopedRequestKey(actor, input.requestKey);
  const hash = walkInRequestHash(input);
  const earlier = await findByKey(ctx, key);
  if (earlier) return { created: false, order: await payAtCounter(ctx, actor, sameRequest(earlier, hash)) };

  // The customer path's price function and checks, on the clerk's own uploads; picked up at the shop, no delivery.
  const owner = actor.kind === 'staff' ? { staffId: actor.id } : { userId: actor.id };
  const { documents, price } = await priceDocuments(ctx, { owner, atCounter: true }, input.documents, 'pickup');
  const amount = price.totalAmount;
  if (input.amount !== amount) throw new PriceChangedError(amount);
  if (amount <= 0) throw badRequest(WALK_IN_MESSAGES.nothingToPay);
  if (amount > MAX_WALK_IN_AMOUNT_PAISE) throw new AppError('amount_too_large', 400, WALK_IN_MESSAGES.tooLarge);
  // The counter's GST bill, refused before anything is written when the shop may not issue it (decision 037).
  assertRecipientAllowed(ctx.config, input.businessBill, { grossPaise: amount, delivered: false });

  const values = {
    userId: null,
    userName: input.customer.name || (await walkInNumber(ctx)),
    customerEmail: input.customer.email ?? null,
    // None for a customer who waits and gave none (decision 039): no call or WhatsApp button then.
    mobileNumber: input.customer.mobile,
    ...orderTotalsOf(price),
    address: 'Self Pickup',
    doorNumber: 'N/A',
    pincode: ctx.config.PICKUP_PINCODE,
    deliveryType: 'pickup',
    status: 'pending_payment',
    paymentStatus: 'pending',
    paymentMethod: input.payment.method,
    // The UPI transaction reference when the clerk typed it; cash has none.
    paymentId: input.payment.reference ?? null,
    origin: 'counter',
    customerWaiting: input.pickup === 'now',
    counterRequestKey: key,
    counterRequestHash: hash,
  } satisfies Omit<typeof orders.$inferInsert, 'orderNumber' | 'documentNames'>;

  // The receipt mail goes to an address the clerk typed: limited per address and written down (decision 033).
  const mailTo: SendRecipient[] = input.customer.email ? [{ channel: 'mail', to: input.customer.email }] : [];
  const uncount = await countSends(ctx, mailTo);
  // Two taps at once: the other one may have written this key first.
  const draft = await insertNumberedOrder(
    ctx.db,
    values,
    documentRows(documents, price),
    async () => !!(await findByKey(ctx, key)),
  );
  if (!draft) {
    await uncount();
    return { created: false, order: await payAtCounter(ctx, actor, sameRequest((await findByKey(ctx, key))!, hash)) };
  }
  await recordSends(
    ctx,
    actor,
    'walk_in_receipt',
    draft,
    mailTo,
    `Order confirmation and receipt for “${values.userName}”`,
  );
  if (input.whatsappUpdates && input.customer.mobile) await recordWhatsAppOptIn(ctx, draft.id, input.customer.mobile);
  await saveBusinessBill(ctx.db, draft.id, input.businessBill);
  const order = await payAtCounter(ctx, actor, draft);
  ctx.log.info(
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      amount,
      method: order.paymentMethod,
      documents: documents.length,
      by: `${actor.kind}:${actor.id}`,
    },
    'walk-in order taken at the counter',
  );
  return { created: true, order };
}

/**
 * What a walk-in customer who gave no name is called by: "Walk-in 12", the day's twelfth counter order (India's day).
 * Said across the counter and written on the ticket; two clerks at the same second may share a number, which the
 * order number tells apart.
 */
async function walkInNumber(ctx: OrdersContext): Promise<string> {
  const dayStart = shopDayStart(shopDay(Date.now()));
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.origin, 'counter'), gte(orders.createdAt, dayStart)));
  return `Walk-in ${(row?.n ?? 0) + 1}`;
}

/** The money is in hand: the order becomes paid and new in the queue (once, however many times this is called). */
async function payAtCounter(ctx: OrdersContext, actor: CounterActor, draft: OrderRow): Promise<OrderRow> {
  if (draft.status !== 'pending_payment') return draft;
  const now = new Date();
  const speeds = await readPrintSpeeds(ctx.db);
  const docs = await ctx.db
    .select()
    .from(orderDocuments)
    .where(eq(orderDocuments.orderId, draft.id))
    .orderBy(asc(orderDocuments.position));
  const result = await transitionOrder(ctx, {
    where: { id: draft.id },
    from: ['pending_payment'],
    to: 'unvisited',
    actor,
    set: {
      paymentStatus: 'completed',
      paidAt: now,
      // Collected at once by a customer who waits; one who comes back later shows a code (decision 020).
      pickupCode: draft.customerWaiting ? null : newPickupCode(),
      // A customer who waits is promised the minute, at the shop's printer speeds (decision 039).
      readyBy: promisedReadyTime(now, docs, { speeds, waiting: draft.customerWaiting }),
    },
    inTransaction: async (tx, row) => {
      await issueInvoiceInTx(tx, ctx.config, row, now);
    },
  });
  return result.order ?? draft;
}

/** The order's receipt (or bill / invoice), for the counter to print. */
export async function receiptOf(ctx: OrdersContext, orderId: number) {
  const [doc] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  return doc ?? null;
}
