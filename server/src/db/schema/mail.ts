import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail on its way out through SMTP. A message is stored before its first attempt and deleted once the SMTP server has
 * taken it, so a mail survives the SMTP server being down and this server restarting; every server copy retries
 * rows that are due (claimed with SKIP LOCKED). A row whose `expires_at` has passed is dropped undelivered (a reset
 * link is worthless after its hour), so personal text is not kept longer than the mail could matter.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /**
     * Files to attach, by reference (`[{ kind: 'invoice', id }]`): rendered at each attempt, never stored as bytes,
     * so a row stays small however long it waits (docs/decisions/029-mail-attachments-and-languages.md).
     */
    attachments: jsonb('attachments').$type<Array<{ kind: 'invoice'; id: number }>>(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may start; while one runs, a lease a few minutes ahead. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The SMTP server's last answer (no credentials: see smtp-mailer.ts). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt)],
);
