import { and, eq } from 'drizzle-orm';
import { paiseToRupees, formatPaise, rupeesToPaise } from '@shop/shared/common/money';
import { shopDateFormat, shopDay } from '@shop/shared/common/shop-clock';
import {
  REFUND_MESSAGES,
  type HandBack,
  type OrderRefunds,
  type RefundDto,
  type RefundRequest,
} from '@shop/shared/refunds/schemas';
import { orders, refunds } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.ts';
import {
  PROVIDER_TIMEOUT_MS,
  ProviderCallError,
  providerTroubleInWords,
  type PaymentsContext,
  type ProviderRefundEvent,
} from '../payments/index.ts';
import { capturedPayment, heldAmount, listOrderRefunds, lockOrder, type RefundRow } from './refunds.repository.ts';
import { bouncedRefundMail, refundMail } from './refund-mail.ts';
import { languageOr } from '../../lib/i18n.ts';
import { orderLinesIn, orderMailRecipient, type NotifyContext } from '../notify/index.ts';
import { documentsOfOrderRow } from '../orders/index.ts';
import { documentShares } from '@shop/shared/pricing/price-order';
import { creditNoteForRefund } from '../invoices/index.ts';
import { every, type Job } from '../../jobs/runner.ts';

type Viewer = 'admin' | 'customer';
/** A refund's credit note (or refund receipt), as its mail names and attaches it. */
type IssuedNote = { id: number; serial: string; documentType: string };

export function toRefundDto(r: RefundRow, viewer: Viewer): RefundDto {
  const dto: RefundDto = {
    id: r.id,
    amount: paiseToRupees(r.amount),
    reason: r.reason,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  };
  if (r.handedBackAt) {
    dto.handed_back_at = r.handedBackAt.toISOString();
    dto.handed_back_method = r.handedBackMethod;
  }
  if (viewer === 'admin') {
    Object.assign(dto, { actor_name: r.actorName, provider_refund_id: r.providerRefundId });
    if (r.handedBackAt) dto.handed_back_by = r.handedBackBy;
  }
  return dto;
}

export async function orderRefunds(
  ctx: PaymentsContext & NotifyContext,
  order: typeof orders.$inferSelect,
  viewer: Viewer,
): Promise<OrderRefunds> {
  const rows = await listOrderRefunds(ctx.db, order.id);
  const shown = viewer === 'admin' ? rows : rows.filter((r) => r.status !== 'failed');
  const held = rows.filter((r) => r.status !== 'failed').reduce((a, r) => a + r.amount, 0);
  const paid = order.paidAt ? order.totalAmount : 0;
  const answer: OrderRefunds = {
    paid: paiseToRupees(paid),
    refunded: paiseToRupees(held),
    refundable: paiseToRupees(Math.max(0, paid - held)),
    refunds: shown.map((r) => toRefundDto(r, viewer)),
  };
  if (viewer !== 'admin' || !order.paidAt) return answer;
  const documents = await documentsOfOrderRow(ctx.db, order);
  const shares = documentShares(order, documents);
  return {
    ...answer,
    documents: documents.map((d, i) => ({
      position: d.position,
      name: d.originalFilename,
      paid: paiseToRupees(shares[i]!),
    })),
  };
}

/**
 * Refunds part or all of a paid order (docs/decisions/021-refunds.md). The amount is reserved first (a `requested`
 * row, written with the order locked), then the provider is asked; its answer settles the row. An answer that never
 * came leaves the row `requested` (the money may have gone): it keeps its amount reserved and is settled from the
 * provider's list of refunds by the refund settlement job, or the next time anyone refunds this order.
 */
export async function refundOrder(
  ctx: PaymentsContext & NotifyContext,
  orderId: number,
  input: RefundRequest,
  actor: { id: number; name: string },
) {
  const amount = rupeesToPaise(input.amount);
  const provider = ctx.payments;
  await settleRequested(ctx, orderId);

  const reserved = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx as never, orderId);
    if (!order) throw notFound('Order not found');
    if (!order.paidAt || order.status === 'pending_payment')
      throw badRequest('This order has not been paid: there is nothing to refund.');
    const payment = order.paymentMethod === 'online' ? await capturedPayment(tx as never, orderId) : undefined;
    if (order.paymentMethod === 'online' && !payment) throw badRequest('No captured payment was found for this order.');
    if (payment && payment.provider !== provider.kind) {
      throw new AppError(
        'refund_provider_mismatch',
        409,
        `This order was paid through ${payment.provider === 'sandbox' ? 'the test checkout' : 'Razorpay'}; the shop now takes payments through ${provider.kind === 'sandbox' ? 'the test checkout' : 'Razorpay'}, so it cannot be refunded from here.`,
      );
    }
    const refundable = order.totalAmount - (await heldAmount(tx as never, orderId));
    if (amount > refundable) {
      throw new AppError(
        'refund_too_much',
        400,
        refundable <= 0
          ? 'This order has been refunded in full already.'
          : REFUND_MESSAGES.tooMuch(formatPaise(refundable)),
        { amount: REFUND_MESSAGES.tooMuch(formatPaise(refundable)) },
      );
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId,
        paymentId: payment?.id ?? null,
        provider: payment ? payment.provider : 'counter',
        amount,
        reason: input.reason,
        // Cash and counter UPI are given back over the counter: recorded as done.
        status: payment ? 'requested' : 'processed',
        actorId: actor.id,
        actorName: actor.name,
      })
      .returning();
    // Given back over the counter: done as written, so its credit note is written with it.
    const creditNote = payment ? null : await creditNoteForRefund(ctx, orderId, amount, input.reason, tx);
    return { row: row!, order, providerPaymentId: payment?.providerPaymentId ?? null, creditNote };
  });

  if (!reserved.providerPaymentId) {
    tellCustomerInTurn(ctx, reserved.order, reserved.row, reserved.creditNote);
    return reserved.row;
  }
  // Through the provider: settled by its answer, unless the refund settlement already settled it from the provider's
  // list while the answer was on its way (then that issued the credit note and the mail).
  let row = reserved.row;
  try {
    const answer = await provider.refundPayment(reserved.providerPaymentId, amount, String(row.id));
    const settled = await settleRow(ctx, row.id, { providerRefundId: answer.id, status: answer.status });
    if (settled) {
      row = settled.row;
      if (row.status !== 'failed') tellCustomerInTurn(ctx, reserved.order, row, settled.creditNote);
    } else row = (await ctx.db.select().from(refunds).where(eq(refunds.id, row.id)))[0]!;
  } catch (err) {
    if (err instanceof ProviderCallError && err.providerStatus !== undefined) {
      // Razorpay refused it (e.g. the payment is too old or already refunded there): nothing moved.
      await settleRow(ctx, row.id, { status: 'failed' });
      throw new AppError(
        'refund_refused',
        502,
        'Razorpay refused this refund; nothing was refunded. Check the payment in the Razorpay dashboard.',
      );
    }
    throw new AppError(
      'refund_unconfirmed',
      502,
      'Razorpay did not answer. The refund may still go through: it is shown as "being sent" and is checked with Razorpay within a few minutes.',
    );
  }
  return row;
}

/**
 * Moves a refund out of `requested` to what the provider says. When the money went back (pending or processed), its
 * credit note is written in the same transaction: a refund is never recorded as done without its tax document, even
 * if the server stops between the two. Null when the row was no longer `requested`: whoever moved it (the request
 * that got the provider's answer, the settlement job, another copy) issued the note, once.
 */
async function settleRow(
  ctx: PaymentsContext & NotifyContext,
  refundId: number,
  outcome: { status: RefundRow['status']; providerRefundId?: string },
): Promise<{ row: RefundRow; creditNote: IssuedNote | null } | null> {
  return ctx.db.transaction(async (tx) => {
    const [moved] = (await tx
      .update(refunds)
      .set({ ...outcome, updatedAt: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
      .returning()) as RefundRow[];
    if (!moved) return null;
    const creditNote =
      moved.status === 'failed' ? null : await creditNoteForRefund(ctx, moved.orderId, moved.amount, moved.reason, tx);
    return { row: moved, creditNote };
  });
}

/**
 * The customer's mail about a refund that went back, with its credit note: in the background and in turn, as every
 * customer mail (decision 020), so the admin's answer never waits for the mail server.
 */
function tellCustomerInTurn(
  ctx: PaymentsContext & NotifyContext,
  order: typeof orders.$inferSelect,
  refund: RefundRow,
  creditNote: IssuedNote | null,
): void {
  ctx.notifier.mailInTurn(() => tellCustomer(ctx, order, refund, creditNote), { orderId: order.id, event: 'refund' });
}

/** A refund request may still be waiting on the provider this long after its row was written (its calls' limits). */
const REFUND_IN_FLIGHT_MS = 4 * PROVIDER_TIMEOUT_MS;

/**
 * Settles refunds whose provider answer was lost, from the provider's own list (matched by our id in its notes). Only
 * those made through the provider the shop takes payments with now: a Razorpay refund is not in the sandbox's list
 * (it would be given up as failed while the money may have gone), nor a sandbox one in Razorpay's (every check would
 * fail). Those stay reserved until the shop is back on their provider.
 */
async function settleRequested(ctx: PaymentsContext & NotifyContext, orderId: number) {
  const waiting = (await listOrderRefunds(ctx.db, orderId)).filter(
    (r) => r.status === 'requested' && r.provider === ctx.payments.kind,
  );
  if (waiting.length === 0) return;
  const payment = await capturedPayment(ctx.db, orderId);
  if (!payment?.providerPaymentId) return;
  let known;
  try {
    known = await ctx.payments.listRefunds(payment.providerPaymentId);
  } catch (err) {
    const unchecked = new AppError(
      'refund_unconfirmed',
      502,
      'An earlier refund of this order is not confirmed yet and Razorpay cannot be reached to check it. Try again in a while.',
    );
    unchecked.cause = err; // the settlement job says why in the owner's words
    throw unchecked;
  }
  for (const r of waiting) {
    const match = known.find((k) => k.ref === String(r.id));
    // Not in the provider's list: either the request never reached it (nothing was given back), or it is still on its
    // way (a second tab, a double tap): only a request older than its calls could take is given up as failed. Until
    // then its amount stays reserved, or two refunds of the whole order would both go out.
    if (!match && Date.now() - r.createdAt.getTime() < REFUND_IN_FLIGHT_MS) continue;
    await settleLate(ctx, r.id, match ? { providerRefundId: match.id, status: match.status } : { status: 'failed' });
  }
}

/**
 * Settles a refund whose answer came late (from the provider's list or its webhook). Only the caller whose update
 * moved the row goes on: the money went back, so the mail follows its note, once, as for a refund answered at once.
 */
async function settleLate(
  ctx: PaymentsContext & NotifyContext,
  refundId: number,
  outcome: { status: RefundRow['status']; providerRefundId?: string },
): Promise<void> {
  const settled = await settleRow(ctx, refundId, outcome);
  if (!settled || settled.row.status === 'failed') return;
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, settled.row.orderId));
  if (order) tellCustomerInTurn(ctx, order, settled.row, settled.creditNote);
}

/**
 * Settles every refund still `requested` (its answer was lost): found in the provider's list, it is done (credit note
 * and mail); not there after its calls' time, it failed and its amount is free again. The refund settlement job runs
 * it, so a lost answer does not wait for the next refund of that order.
 */
export async function settleWaitingRefunds(
  ctx: PaymentsContext & NotifyContext,
): Promise<{ orders: number; failedChecks: number; trouble: string | null }> {
  const waiting = await ctx.db
    .selectDistinct({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(eq(refunds.status, 'requested'), eq(refunds.provider, ctx.payments.kind)))
    .limit(100);
  let failedChecks = 0;
  let trouble: string | null = null;
  for (const { orderId } of waiting) {
    try {
      await settleRequested(ctx, orderId);
    } catch (err) {
      failedChecks++;
      trouble ??= providerTroubleInWords((err as Error).cause ?? err);
      ctx.log.warn({ err: { message: (err as Error).message }, orderId }, 'a refund being sent could not be checked');
    }
  }
  return { orders: waiting.length, failedChecks, trouble };
}

/**
 * Razorpay's webhook word on a refund (`refund.created`, `refund.processed`, `refund.failed`), matched to the shop's
 * refund by our id in its notes and checked against the payment that refund went to. A `requested` refund is settled
 * at once (credit note and mail, as from the settlement job); a `pending` one becomes `processed`. A `pending` refund
 * that Razorpay then fails has its credit note already (the shop still owes the money): it becomes `bounced` (its
 * amount stays refunded), it is logged and the admin is mailed to give the money back another way. Anything else (a
 * refund made in Razorpay's dashboard, one already settled) changes nothing.
 */
export async function onProviderRefund(
  ctx: PaymentsContext & NotifyContext,
  event: ProviderRefundEvent,
): Promise<void> {
  const refundId = Number(event.ref);
  if (!event.ref || !Number.isSafeInteger(refundId) || refundId <= 0) return;
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row || row.provider === 'counter') return;
  const payment = await capturedPayment(ctx.db, row.orderId);
  if (payment?.providerPaymentId !== event.paymentId) {
    ctx.log.warn({ refundId, orderId: row.orderId }, 'a refund event names another payment than the refund; ignored');
    return;
  }
  if (row.status === 'requested') return settleLate(ctx, row.id, { providerRefundId: event.id, status: event.status });
  if (row.status !== 'pending') return;
  if (event.status === 'processed') {
    await ctx.db
      .update(refunds)
      .set({ status: 'processed', updatedAt: new Date() })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')));
  } else if (event.status === 'failed') {
    // Shown as bounced on the order (the admin's refund list, the customer's tracking page); only the delivery that
    // moved it mails the admin, so the same news under a new event id does not mail twice.
    const moved = await ctx.db
      .update(refunds)
      .set({ status: 'bounced', updatedAt: new Date() })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id });
    if (moved.length === 0) return;
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.orderId));
    const orderNumber = order?.orderNumber ?? `#${row.orderId}`;
    ctx.log.error({ refundId, orderId: row.orderId, amount: row.amount }, 'Razorpay could not complete a refund');
    await ctx.mailer
      .send({
        to: ctx.config.ADMIN_EMAIL,
        subject: `Refund failed at Razorpay: ${orderNumber}`,
        text: [
          `Razorpay could not give back ${formatPaise(row.amount)} to the customer of order ${orderNumber} (refund of ${shopDay(row.createdAt)}, reason: ${row.reason}).`,
          '',
          "The money is back in the shop's Razorpay balance, and the refund's credit note stands: the shop still owes it. Give it back another way (cash or UPI at the counter) and do not refund the order again here.",
          '',
          `(${ctx.config.publicUrl}/admin)`,
        ].join('\n'),
      })
      .catch((err: Error) => ctx.log.warn({ err: { message: err.message }, refundId }, 'refund failure mail not sent'));
    // The customer, who was told the money was on its way: it is still theirs, and the counter gives it back.
    if (order)
      ctx.notifier.mailInTurn(() => tellCustomerBounced(ctx, order, row), {
        orderId: order.id,
        event: 'refund_bounced',
      });
  }
}

/** The customer's mail about a refund their bank refused, in their language. A failure is logged: the row stands. */
async function tellCustomerBounced(
  ctx: PaymentsContext & NotifyContext,
  order: typeof orders.$inferSelect,
  refund: RefundRow,
) {
  const user = await orderMailRecipient(ctx.db, order);
  if (!user) return;
  await ctx.mailer.send({
    to: user.email,
    ...bouncedRefundMail(ctx, order, refund, { name: user.name, language: languageOr(user.language) }),
  });
}

/**
 * Records a bounced refund as given back at the counter (decision 021): cash leaves that day's drawer. Only a
 * `bounced` refund of this order moves, once: a second tap (or a second admin) is told when and by whom it was given.
 */
export async function handBackRefund(
  ctx: PaymentsContext & NotifyContext,
  orderId: number,
  refundId: number,
  input: HandBack,
  actor: { name: string },
): Promise<RefundRow> {
  const [moved] = await ctx.db
    .update(refunds)
    .set({
      status: 'handed_back',
      handedBackAt: new Date(),
      handedBackMethod: input.method,
      handedBackBy: actor.name,
      updatedAt: new Date(),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId), eq(refunds.status, 'bounced')))
    .returning();
  if (moved) {
    ctx.log.info({ refundId, orderId, amount: moved.amount, method: input.method }, 'bounced refund given back');
    return moved;
  }
  const [row] = await ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
  if (!row) throw notFound('Refund not found');
  if (row.status === 'handed_back') {
    throw conflict(
      `This refund was recorded as given back ${row.handedBackMethod === 'upi' ? 'by UPI' : 'in cash'} on ${shopDateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(row.handedBackAt!)}${row.handedBackBy ? ` by ${row.handedBackBy}` : ''}.`,
      'refund_already_handed_back',
    );
  }
  throw conflict(
    'Only a refund the bank refused is given back at the counter: this one went back through the payment.',
    'refund_not_bounced',
  );
}

const REFUND_SETTLEMENT_JOB = 'refund-settlement';

/**
 * Refunds whose provider answer was lost, settled every five minutes (off when the payment reconciliation is, as in
 * the tests: RECONCILE_INTERVAL_SECONDS = 0). One server copy asks at a time.
 */
export function refundSettlementJob(ctx: PaymentsContext & NotifyContext): Job | null {
  if (ctx.config.RECONCILE_INTERVAL_SECONDS <= 0) return null;
  return {
    name: REFUND_SETTLEMENT_JOB,
    leaseMs: 5 * 60_000,
    quiet: true,
    nextRun: every(5 * 60_000),
    // A check that could not be made fails the run, so the owner's dashboard says why.
    run: async () => {
      const r = await settleWaitingRefunds(ctx);
      if (r.trouble)
        throw new Error(`Could not check ${r.failedChecks} of ${r.orders} orders' refunds with Razorpay: ${r.trouble}`);
      return { orders: r.orders };
    },
  };
}

/** The refund mail, with the credit note attached when one was issued. A failure is logged: the refund stands. */
async function tellCustomer(
  ctx: PaymentsContext & NotifyContext,
  order: typeof orders.$inferSelect,
  refund: RefundRow,
  creditNote: IssuedNote | null,
) {
  const user = await orderMailRecipient(ctx.db, order);
  if (!user) return;
  const customer = { name: user.name, language: languageOr(user.language) };
  const lines = orderLinesIn(customer.language, await documentsOfOrderRow(ctx.db, order));
  await ctx.mailer.send({
    to: user.email,
    ...refundMail(ctx, order, refund, customer, creditNote, lines),
    attachments: creditNote ? [{ kind: 'invoice', id: creditNote.id }] : [],
  });
}
