import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Messages sent to a customer about an order, one row per (order, event): the unique index makes "never twice for
 * the same event" hold across retries, races and server copies (docs/decisions/020-customer-notifications.md).
 */
export const orderNotifications = pgTable(
  'order_notifications',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** confirmation, ready (for pickup or out for delivery), done (collected or delivered). */
    event: text('event', { enum: ['confirmation', 'ready', 'done'] }).notNull(),
    channel: text('channel', { enum: ['mail'] })
      .notNull()
      .default('mail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_notifications_once_idx').on(t.orderId, t.event, t.channel)],
);

/** A note from the shop to the customer about an order ("page 14 is blank, print anyway?"): mailed and shown on tracking. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: ['staff', 'admin'] }).notNull(),
    authorId: integer('author_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_messages_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * What a clerk or the admin had the shop send in their own words or to an address they typed (decision 033): a note
 * about an order, or a walk-in order's receipt mail to the e-mail typed at the counter. Who, what, to whom, when, on
 * which channel; the admin reads it on the Staff screen. Kept when an order goes (the order number stays).
 */
export const staffSends = pgTable(
  'staff_sends',
  {
    id: serial('id').primaryKey(),
    actorKind: text('actor_kind', { enum: ['staff', 'admin'] }).notNull(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    kind: text('kind', { enum: ['message', 'walk_in_receipt'] }).notNull(),
    channel: text('channel', { enum: ['mail', 'whatsapp'] }).notNull(),
    /** The e-mail address, or the WhatsApp number in E.164. */
    recipient: text('recipient').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number').notNull(),
    /** The words the clerk wrote (a message), or what was sent (a receipt). */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_sends_created_idx').on(t.createdAt),
    index('staff_sends_recipient_idx').on(t.recipient, t.createdAt),
  ],
);
