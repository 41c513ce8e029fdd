import type { orders } from '../../db/schema/index.ts';
import type { OrderMailEvent } from './order-mails.ts';

export type NotifiedOrder = typeof orders.$inferSelect;
/** The events customers are told about: confirmation, ready (pickup or out for delivery), done. */
export type CustomerEvent = OrderMailEvent;

/**
 * One way of telling a customer (mail, WhatsApp). The notifier hands every channel the same events in the background;
 * each channel keeps its own once-per-event record, so one channel failing or retrying never affects another.
 */
export interface CustomerChannel {
  readonly name: 'mail' | 'whatsapp';
  statusChanged(order: NotifiedOrder, event: CustomerEvent): Promise<void>;
  /** A note from the shop, already saved (message.id is its order_messages row). */
  staffMessage(order: NotifiedOrder, message: { id: number; body: string; from: string }): Promise<void>;
  /** The app closing: stop waiting retries. */
  close?(): void;
}
