import type { orders } from '../../db/schema/index.ts';
import type { OrderMailEvent } from './order-mails.ts';

export type NotifiedOrder = typeof orders.$inferSelect;
/** The events customers are told about: confirmation, ready (pickup or out for delivery), done. */
export type CustomerEvent = OrderMailEvent;

/**
 * How many mails and messages are worked on at once, across channels. Each one reads the order from the database, and a
 * confirmation draws its bill (a PDF): 200 payments in a minute must not queue a thousand queries ahead of the next
 * customer's request on a pool of 10 connections, nor draw 200 bills at once. The rest wait their turn, in order.
 */
export const NOTIFY_CONCURRENCY = 2;

/** Runs `work` when one of the NOTIFY_CONCURRENCY places is free (p-limit). A channel never waits or sleeps in one. */
export type NotifySlots = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * One way of telling a customer (mail, WhatsApp). The notifier hands every channel the same events in the background;
 * each channel keeps its own once-per-event record, so one channel failing or retrying never affects another. Each
 * does its work in the notifier's shared slots (NotifySlots), and waits between retries outside them.
 */
export interface CustomerChannel {
  readonly name: 'mail' | 'whatsapp';
  statusChanged(order: NotifiedOrder, event: CustomerEvent): Promise<void>;
  /** A note from the shop, already saved (message.id is its order_messages row). */
  staffMessage(order: NotifiedOrder, message: { id: number; body: string; from: string }): Promise<void>;
  /** The app closing: stop waiting retries. */
  close?(): void;
}
