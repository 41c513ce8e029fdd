import crypto from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { SEND_MESSAGES } from '@shop/shared/orders/messages';
import { waitInWords } from '@shop/shared/quotas/limits';
import type { AppContext } from '../../context.ts';
import { orderWhatsappOptIns, staffSends } from '../../db/schema/index.ts';
import { RetryLaterError } from '../../plugins/errors.ts';
import { DbRateStore, type RateRule } from '../quotas/index.ts';
import { orderMailRecipient } from './order-customer.ts';

/**
 * What staff have the shop send in their own words or to an address they typed (decision 033): a note about an order
 * (mail, and WhatsApp when the customer opted in) and a walk-in order's receipt mail to the e-mail typed at the
 * counter. Each is written down (who, what, to whom, when; the admin reads it on the Staff screen) and limited per
 * recipient, whoever sends: one address cannot be flooded in the shop's name by one clerk or by several.
 */
export const RECIPIENT_SENDS: RateRule = { burst: 8, intervalMs: 60 * 60_000 };

export type SendKind = (typeof staffSends.$inferInsert)['kind'];
export interface SendRecipient {
  channel: 'mail' | 'whatsapp';
  /** The e-mail address, or the WhatsApp number in E.164. */
  to: string;
}
export interface SendActor {
  kind: 'staff' | 'admin';
  id: number;
  name: string;
}

/** Recipients are counted by a hash: the rate table holds no addresses. */
const recipientKey = (r: SendRecipient) =>
  `send:${r.channel}:${crypto.createHash('sha256').update(r.to.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

const masked = (r: SendRecipient) => {
  if (r.channel === 'whatsapp') return `******${r.to.slice(-4)}`;
  const [user = '', domain = ''] = r.to.split('@');
  return `${user.slice(0, 2)}…@${domain}`;
};

/** Where a note about this order goes: the customer's mail (account or walk-in e-mail) and their WhatsApp when opted in. */
export async function messageRecipients(
  ctx: AppContext,
  order: Parameters<typeof orderMailRecipient>[1] & { id: number },
): Promise<SendRecipient[]> {
  const out: SendRecipient[] = [];
  const mail = await orderMailRecipient(ctx.db, order);
  if (mail) out.push({ channel: 'mail', to: mail.email });
  if (ctx.config.whatsapp) {
    const [optIn] = await ctx.db
      .select({ phone: orderWhatsappOptIns.phoneE164 })
      .from(orderWhatsappOptIns)
      .where(eq(orderWhatsappOptIns.orderId, order.id))
      .limit(1);
    if (optIn) out.push({ channel: 'whatsapp', to: optIn.phone });
  }
  return out;
}

/**
 * Counts one send to each recipient, or none: when one recipient has had too many, the ones counted are given back
 * and a 429 says when the next may go. Returns a function that gives them back (for a send that then does not happen).
 */
export async function countSends(ctx: AppContext, recipients: SendRecipient[]): Promise<() => Promise<void>> {
  const store = new DbRateStore(ctx.db);
  const counted: string[] = [];
  const undo = async () => {
    for (const key of counted) await store.giveBack(key, RECIPIENT_SENDS);
  };
  const now = Date.now();
  for (const r of recipients) {
    const key = recipientKey(r);
    const decision = await store.hit(key, RECIPIENT_SENDS, now);
    if (!decision.allowed) {
      await undo();
      const wait = waitInWords(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
      ctx.log.warn({ recipient: masked(r), channel: r.channel }, 'staff sends to one recipient refused: too many');
      throw new RetryLaterError(
        'too_many_sends_to_recipient',
        r.channel === 'mail' ? SEND_MESSAGES.tooManyToMail(wait) : SEND_MESSAGES.tooManyToWhatsApp(wait),
        decision.retryAfterMs,
      );
    }
    counted.push(key);
  }
  return undo;
}

/** Writes down who sent what to whom: one row per recipient. */
export async function recordSends(
  ctx: AppContext,
  actor: SendActor,
  kind: SendKind,
  order: { id: number; orderNumber: string },
  recipients: SendRecipient[],
  body: string,
) {
  if (!recipients.length) return;
  await ctx.db.insert(staffSends).values(
    recipients.map((r) => ({
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
      kind,
      channel: r.channel,
      recipient: r.to,
      orderId: order.id,
      orderNumber: order.orderNumber,
      body,
    })),
  );
  ctx.log.info(
    { orderId: order.id, kind, by: `${actor.kind}:${actor.id}`, recipients: recipients.map(masked) },
    'staff send recorded',
  );
}

/** The admin's view: newest first, a page at a time (before an id), optionally for one recipient. */
export async function listSends(ctx: AppContext, query: { before?: number; recipient?: string; limit: number }) {
  const where = [
    ...(query.before ? [lt(staffSends.id, query.before)] : []),
    ...(query.recipient ? [eq(sql`lower(${staffSends.recipient})`, query.recipient.trim().toLowerCase())] : []),
  ];
  return ctx.db
    .select()
    .from(staffSends)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(staffSends.id))
    .limit(query.limit);
}
