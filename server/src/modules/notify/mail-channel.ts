import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orderNotifications } from '../../db/schema/index.ts';
import { orderMailRecipient } from './order-customer.ts';
import type { CustomerChannel, CustomerEvent, NotifiedOrder } from './channel.ts';
import { documentsOfOrderRow } from '../orders/order-documents.ts';
import { messageMail, orderMail } from './order-mails.ts';

/**
 * Mails (docs/decisions/020-customer-notifications.md): an (order, event) row in order_notifications is claimed
 * first, so each mail goes once whatever retries, races or server copies do; the configured mailer queues it
 * durably and retries (SMTP: mail_outbox).
 */
export class MailChannel implements CustomerChannel {
  readonly name = 'mail' as const;
  constructor(private readonly ctx: AppContext) {}

  private customer(order: NotifiedOrder) {
    return orderMailRecipient(this.ctx.db, order);
  }

  private about(order: NotifiedOrder, customerName: string) {
    const { config } = this.ctx;
    return {
      order,
      customerName,
      // A walk-in order has no account to open its page in (decision 025).
      trackingUrl: order.userId === null ? null : `${config.publicUrl}/order-tracking/${encodeURIComponent(order.orderNumber)}`,
      shop: { name: config.SHOP_NAME, address: config.SHOP_ADDRESS, phone: config.SHOP_PHONE },
    };
  }

  async statusChanged(order: NotifiedOrder, event: CustomerEvent): Promise<void> {
    const claimed = await this.ctx.db
      .insert(orderNotifications)
      .values({ orderId: order.id, event })
      .onConflictDoNothing()
      .returning({ id: orderNotifications.id });
    if (claimed.length === 0) return; // sent before for this order and event
    const user = await this.customer(order);
    if (!user) return;
    try {
      await this.ctx.mailer.send({ to: user.email, ...orderMail(event, { ...this.about(order, user.name), documents: await documentsOfOrderRow(this.ctx.db, order) }) });
    } catch (err) {
      // Not even queued: free the claim so the next change of this kind can send it.
      await this.ctx.db.delete(orderNotifications).where(eq(orderNotifications.id, claimed[0]!.id));
      throw err;
    }
    this.ctx.log.info({ orderId: order.id, event }, 'customer mail sent');
  }

  async staffMessage(order: NotifiedOrder, message: { id: number; body: string; from: string }): Promise<void> {
    const user = await this.customer(order);
    if (!user) return;
    await this.ctx.mailer.send({ to: user.email, ...messageMail({ ...this.about(order, user.name), body: message.body, from: message.from }) });
  }
}
