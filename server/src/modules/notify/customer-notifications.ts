import pLimit from 'p-limit';
import type { AppContext } from '../../context.ts';
import type { OrderStatusChange } from '../orders/index.ts';
import { NOTIFY_CONCURRENCY, type CustomerChannel, type NotifiedOrder, type NotifySlots } from './channel.ts';
import { MailChannel } from './mail-channel.ts';
import type { OrderMailEvent } from './order-mails.ts';
import { WhatsAppChannel } from './whatsapp/whatsapp-notifier.ts';

/** Which mail a committed status change sends, if any. */
export function mailEventFor(change: Pick<OrderStatusChange, 'from' | 'to'>): OrderMailEvent | null {
  if (change.from === 'pending_payment' && change.to === 'unvisited') return 'confirmation';
  if (change.to === 'completed') return 'ready';
  if (change.to === 'collected' || change.to === 'delivered') return 'done';
  return null;
}

/**
 * Tells customers about their orders (docs/decisions/020-customer-notifications.md
 * and 022-whatsapp-notifications.md): a listener on every committed status change (orders/order-transition.ts) that
 * hands the event to each channel (mail; WhatsApp when configured) in the background, so no request waits for a mail
 * server or Meta. Each channel claims its own (order, event) row first, so each goes once per channel.
 */
/** The context of code that tells customers about their orders. */
export type NotifyContext = AppContext & { notifier: CustomerNotifier };

export class CustomerNotifier {
  private readonly pending = new Set<Promise<void>>();
  /** The WhatsApp channel when configured (decision 022), else null. */
  readonly whatsapp: WhatsAppChannel | null;
  readonly channels: CustomerChannel[];
  /** Mails and WhatsApp share NOTIFY_CONCURRENCY places: a burst of orders is told about a few at a time. */
  private readonly slots: NotifySlots = pLimit(NOTIFY_CONCURRENCY);
  constructor(private readonly ctx: AppContext) {
    this.whatsapp = ctx.config.whatsapp ? new WhatsAppChannel(ctx, this.slots) : null;
    this.channels = [new MailChannel(ctx, this.slots), ...(this.whatsapp ? [this.whatsapp] : [])];
  }

  /** The listener for ctx.orderStatusListeners: returns at once. */
  readonly onStatusChanged = (_ctx: AppContext, change: OrderStatusChange): void => {
    const event = mailEventFor(change);
    if (!event) return;
    for (const channel of this.channels)
      this.later(() => channel.statusChanged(change.order, event), {
        orderId: change.order.id,
        event,
        channel: channel.name,
      });
  };

  /** A staff note was saved: every channel carries it (WhatsApp only to customers who opted in). */
  staffMessage(order: NotifiedOrder, message: { id: number; body: string; from: string }): void {
    for (const channel of this.channels)
      this.later(() => channel.staffMessage(order, message), {
        orderId: order.id,
        event: 'message',
        channel: channel.name,
      });
  }

  /**
   * A customer mail of another kind (a refund's): made in the background in the same places as the order mails, so
   * a run of refunds is told about a few at a time too. `work` makes and sends one mail (no retries of its own).
   */
  mailInTurn(work: () => Promise<void>, about: Record<string, unknown>): void {
    this.later(() => this.slots(work), { ...about, channel: 'mail' });
  }

  /** Runs `work` in the background: the request does not wait; failures are logged; close waits for it. */
  private later(work: () => Promise<void>, about: Record<string, unknown>): void {
    const job = work().catch((err: Error) =>
      this.ctx.log.warn(
        { err: { message: err.message }, ...about },
        about.channel === 'whatsapp' ? 'customer WhatsApp not sent' : 'customer mail not sent',
      ),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Waits for mails and messages on their way, retries and the mailer's first attempts included (tests). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    // Mails the mailer queued are tried in its own background (SMTP): their first attempts too.
    await this.ctx.mailer.settle?.();
  }

  /** The app closing: waiting WhatsApp retries stop, then what is on its way finishes. */
  async close(): Promise<void> {
    for (const channel of this.channels) channel.close?.();
    await this.settle();
  }
}
