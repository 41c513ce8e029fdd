import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders, payments } from './orders.ts';

/**
 * Money given back on a paid order (docs/decisions/021-refunds.md). A row is written `requested` before the provider
 * is called, so two admins refunding at once cannot give back more than was paid; the provider's answer moves it to
 * pending or processed (or failed, which frees the amount again); a pending one Razorpay cannot pay becomes
 * bounced (decision 021: the shop still owes it), and handed_back once the counter has given it back in cash or by
 * UPI (recorded with when, how and by whom). The status is text: a new value needs no migration.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: integer('payment_id').references(() => payments.id),
    /** sandbox, razorpay, or counter (cash and UPI paid at the counter are given back there). */
    provider: text('provider', { enum: ['sandbox', 'razorpay', 'counter'] }).notNull(),
    providerRefundId: text('provider_refund_id').unique(),
    /** Paise. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['requested', 'pending', 'processed', 'failed', 'bounced', 'handed_back'] })
      .notNull()
      .default('requested'),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A bounced refund given back at the counter: when (the day report's day for it), how and by whom. */
    handedBackAt: timestamp('handed_back_at', { withTimezone: true }),
    handedBackMethod: text('handed_back_method', { enum: ['cash', 'upi'] }),
    handedBackBy: text('handed_back_by'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_idx').on(t.createdAt),
    // The day report's hand-backs of a day; only the few bounced refunds given back have one.
    index('refunds_handed_back_idx')
      .on(t.handedBackAt)
      .where(sql`${t.handedBackAt} is not null`),
  ],
);
