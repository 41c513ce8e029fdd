import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderMessages } from './notifications.ts';
import { orders } from './orders.ts';

/**
 * The customer's "Send me order updates on WhatsApp" tick at checkout, one row per order: the number it was given
 * for (E.164) and when. No row, no WhatsApp (docs/decisions/022-whatsapp-notifications.md).
 */
export const orderWhatsappOptIns = pgTable('order_whatsapp_opt_ins', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** +91XXXXXXXXXX. */
  phoneE164: text('phone_e164').notNull(),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * WhatsApp's side of order_notifications: one row per (order, event) claimed before sending, one per staff note
 * (message_id), plus what Meta answered. A row whose wamid is set was accepted by Meta and is never sent again.
 */
export const whatsappNotifications = pgTable(
  'whatsapp_notifications',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ['confirmation', 'ready', 'done', 'message'] }).notNull(),
    messageId: integer('message_id').references(() => orderMessages.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    /** sending → sent (wamid set), failed (Meta refused or attempts ran out), unknown (timed out: may have gone). */
    status: text('status', { enum: ['sending', 'sent', 'failed', 'unknown'] })
      .notNull()
      .default('sending'),
    wamid: text('wamid'),
    attempts: integer('attempts').notNull().default(0),
    /** Meta's error code and title, never the token or the request. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_notifications_event_once_idx')
      .on(t.orderId, t.event)
      .where(sql`${t.messageId} is null`),
    uniqueIndex('whatsapp_notifications_message_once_idx').on(t.messageId),
  ],
);
