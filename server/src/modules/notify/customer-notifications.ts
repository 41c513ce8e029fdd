import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orderNotifications, users } from '../../db/schema/index.ts';
import type { OrderStatusChange } from '../orders/order-transition.ts';
import { orderMail, type OrderMailEvent } from './order-mails.ts';
import { WhatsAppChannel } from './whatsapp/whatsapp-notifier.ts';

/** Which mail a committed status change sends, if any. */
export function mailEventFor(change: Pick<OrderStatusChange, 'from' | 'to'>): OrderMailEvent | null {
  if (change.from === 'pending_payment' && change.to === 'unvisited') return 'confirmation';
  if (change.to === 'completed') return 'ready';
  if (change.to === 'collected' || change.to === 'delivered') return 'done';
  return null;
}

/**
 * Tells customers about their orders (issue 13, "The customer is told"; docs/decisions/020-customer-notifications.md):
 * a listener on every committed status change (orders/order-transition.ts). The mail goes out in the background, so
 * no request waits for the mail server; the configured mailer queues it durably and retries (SMTP: mail_outbox). An
 * (order, event) row claimed first makes each mail go once, whatever retries, races or server copies do.
 */
export class CustomerNotifier {
  private readonly pending = new Set<Promise<void>>();
  /** The second channel, when configured (decision 022); each channel keeps its own once-per-event rows. */
  readonly whatsapp: WhatsAppChannel | null;
  constructor(private readonly ctx: AppContext) {
    this.whatsapp = ctx.config.whatsapp ? new WhatsAppChannel(ctx) : null;
  }

  /** The listener for ctx.orderStatusListeners: returns at once. */
  readonly onStatusChanged = (_ctx: AppContext, change: OrderStatusChange): void => {
    const event = mailEventFor(change);
    if (!event) return;
    this.later(() => this.send(change, event), { orderId: change.order.id, event });
    const whatsapp = this.whatsapp;
    if (whatsapp) this.later(() => whatsapp.statusChanged(change.order, event), { orderId: change.order.id, event, channel: 'whatsapp' });
  };

  /** A staff note was saved: WhatsApp carries it too when the customer opted in (the mail is sent by its route). */
  staffMessage(order: OrderStatusChange['order'], messageId: number, body: string): void {
    const whatsapp = this.whatsapp;
    if (whatsapp) this.later(() => whatsapp.staffMessage(order, messageId, body), { orderId: order.id, event: 'message', channel: 'whatsapp' });
  }

  private async send(change: OrderStatusChange, event: OrderMailEvent): Promise<void> {
    const { order } = change;
    const claimed = await this.ctx.db
      .insert(orderNotifications)
      .values({ orderId: order.id, event })
      .onConflictDoNothing()
      .returning({ id: orderNotifications.id });
    if (claimed.length === 0) return; // sent before for this order and event
    const [user] = await this.ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId)).limit(1);
    if (!user?.email) return;
    const { config } = this.ctx;
    const mail = orderMail(event, {
      order,
      customerName: user.name,
      trackingUrl: `${config.publicUrl}/order-tracking/${encodeURIComponent(order.orderNumber)}`,
      shop: { name: config.SHOP_NAME, address: config.SHOP_ADDRESS, phone: config.SHOP_PHONE },
    });
    try {
      await this.ctx.mailer.send({ to: user.email, ...mail });
    } catch (err) {
      // Not even queued: free the claim so the next change of this kind can send it.
      await this.ctx.db.delete(orderNotifications).where(eq(orderNotifications.id, claimed[0]!.id));
      throw err;
    }
    this.ctx.log.info({ orderId: order.id, event }, 'customer mail sent');
  }

  /** Runs `work` in the background (a mail): the request does not wait; failures are logged; close waits for it. */
  later(work: () => Promise<void>, about: Record<string, unknown>): void {
    const job = work().catch((err: Error) => this.ctx.log.warn({ err: { message: err.message }, ...about }, about.channel ? 'customer notification not sent' : 'customer mail not sent'));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Waits for mails and messages on their way, retries included (tests). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** The app closing: waiting WhatsApp retries stop, then what is on its way finishes. */
  async close(): Promise<void> {
    this.whatsapp?.close();
    await this.settle();
  }
}
