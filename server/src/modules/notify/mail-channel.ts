import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { invoices, orderNotifications } from '../../db/schema/index.ts';
import type { MailAttachmentRef, MailMessage } from '../mail/index.ts';
import { languageOr } from '../../lib/i18n.ts';
import { orderMailRecipient } from './order-customer.ts';
import type { CustomerChannel, CustomerEvent, NotifiedOrder, NotifySlots } from './channel.ts';
import { documentsOfOrderRow } from '../orders/index.ts';
import { messageMail, orderMail } from './order-mails.ts';

/**
 * Mails (docs/decisions/020-customer-notifications.md): an (order, event) row in order_notifications is claimed
 * first, so each mail goes once whatever retries, races or server copies do; the configured mailer queues it
 * durably and retries (SMTP: mail_outbox).
 */
export class MailChannel implements CustomerChannel {
  readonly name = 'mail' as const;
  constructor(
    private readonly ctx: AppContext,
    /** The notifier's shared places (channel.ts): each mail is made and queued in one. */
    private readonly slots: NotifySlots,
  ) {}

  private customer(order: NotifiedOrder) {
    return orderMailRecipient(this.ctx.db, order);
  }

  /** What every mail about the order needs, in the customer's language (their account's; English when unset). */
  private about(order: NotifiedOrder, user: { name: string; language: string | null }) {
    const { config } = this.ctx;
    return {
      order,
      customerName: user.name,
      language: languageOr(user.language),
      // A walk-in order has no account to open its page in (decision 025).
      trackingUrl:
        order.userId === null ? null : `${config.publicUrl}/order-tracking/${encodeURIComponent(order.orderNumber)}`,
      shop: { name: config.SHOP_NAME, address: config.SHOP_ADDRESS, phone: config.SHOP_PHONE },
    };
  }

  /** The confirmation carries the order's bill (issued with the payment; orders paid before bills existed have none). */
  private async bill(order: NotifiedOrder) {
    const [bill] = await this.ctx.db
      .select({ id: invoices.id, serial: invoices.serial, documentType: invoices.documentType })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
      .limit(1);
    return bill ?? null;
  }

  /** Queues the mail where the mailer can (SMTP: stored, attempted in the background), else sends it. */
  private deliver(message: MailMessage): Promise<void> {
    const { mailer } = this.ctx;
    return mailer.queue ? mailer.queue(message) : mailer.send(message);
  }

  statusChanged(order: NotifiedOrder, event: CustomerEvent): Promise<void> {
    return this.slots(() => this.sendStatusMail(order, event));
  }

  private async sendStatusMail(order: NotifiedOrder, event: CustomerEvent): Promise<void> {
    const claimed = await this.ctx.db
      .insert(orderNotifications)
      .values({ orderId: order.id, event })
      .onConflictDoNothing()
      .returning({ id: orderNotifications.id });
    if (claimed.length === 0) return; // sent before for this order and event
    const user = await this.customer(order);
    if (!user) return;
    try {
      const bill = event === 'confirmation' ? await this.bill(order) : null;
      const mail = orderMail(event, {
        ...this.about(order, user),
        documents: await documentsOfOrderRow(this.ctx.db, order),
        bill,
      });
      const attachments: MailAttachmentRef[] = bill ? [{ kind: 'invoice', id: bill.id }] : [];
      // Queued (stored) in this place; a mailer that talks to a mail server then tries it in the background.
      await this.deliver({ to: user.email, ...mail, attachments });
    } catch (err) {
      // Not even queued: free the claim so the next change of this kind can send it.
      await this.ctx.db.delete(orderNotifications).where(eq(orderNotifications.id, claimed[0]!.id));
      throw err;
    }
    this.ctx.log.info({ orderId: order.id, event }, 'customer mail sent');
  }

  staffMessage(order: NotifiedOrder, message: { id: number; body: string; from: string }): Promise<void> {
    return this.slots(() => this.sendStaffMessage(order, message));
  }

  private async sendStaffMessage(order: NotifiedOrder, message: { id: number; body: string; from: string }) {
    const user = await this.customer(order);
    if (!user) return;
    await this.deliver({
      to: user.email,
      ...messageMail({
        ...this.about(order, user),
        documents: await documentsOfOrderRow(this.ctx.db, order),
        body: message.body,
        from: message.from,
      }),
    });
  }
}
