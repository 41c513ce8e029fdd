import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { attachmentRefsOf, renderAttachments } from './attachments.ts';
import type { AttachmentRenderer, MailMessage, Mailer, OutgoingMail } from './mailer.ts';
import { maskEmail } from './outbox-mailer.ts';

/** What actually talks to the mail server: one attempt per call, throwing a sentence without secrets. */
export interface MailSender {
  send(message: OutgoingMail): Promise<void>;
  close?(): void;
}

/** A mail without its own expiry is tried for two days. */
const DEFAULT_LIFETIME_MS = 2 * 24 * 3600_000;
/** While one attempt runs, its row is leased this long: a server copy that dies mid-send leaves it due again. */
const LEASE_MS = 5 * 60_000;
const RETRY_EVERY_MS = 30_000;
/**
 * An attachment that cannot be made (the database away a moment) fails the attempt, to be retried; after this many
 * attempts the mail goes without it (a rendering that keeps failing must not keep the confirmation from the customer).
 */
const ATTACHMENT_TRIES = 3;

/** First attempts of queued mails (queue()) under way at once: each renders its attachments and talks to the server. */
const DELIVERY_CONCURRENCY = 2;
/** A queued mail's first attempt starts only with this much of its lease left (an attempt ends within a minute). */
const LEASE_LEFT_TO_ATTEMPT_MS = 2 * 60_000;

/** 1, 2, 4, … minutes after each failed attempt, at most an hour. */
export const defaultRetryDelayMs = (attempts: number) => Math.min(3600_000, 60_000 * 2 ** Math.max(0, attempts - 1));

type Row = typeof mailOutbox.$inferSelect;
const after = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * SMTP delivery that loses no mail: every message is stored in
 * the database's mail_outbox before its first attempt and deleted once the SMTP server has taken it. A failed attempt
 * is retried with growing delays by every server copy (rows claimed with SKIP LOCKED, so each is sent once), also
 * after a restart; a mail still waiting when it expires is dropped and logged as not delivered.
 */
export class QueuedMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private readonly deliveries = pLimit(DELIVERY_CONCURRENCY);
  private readonly delivering = new Set<Promise<void>>();

  constructor(
    private readonly sender: MailSender,
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    private readonly retryDelayMs: (attempts: number) => number = defaultRetryDelayMs,
    private readonly renderAttachment?: AttachmentRenderer,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.attempt(await this.store(message));
  }

  /**
   * Stored, then attempted in the background, DELIVERY_CONCURRENCY at a time. Stored first, the mail is safe: a server
   * copy that stops before the attempt leaves a row every copy's retry pass sends once its lease is over.
   */
  async queue(message: MailMessage): Promise<void> {
    const row = await this.store(message);
    const job = this.deliveries(async () => {
      // Kept waiting past most of its lease (a burst while the mail server hangs): the retry pass sends it once the
      // lease is over, and only it, so the mail never goes twice.
      if (row.nextAttemptAt.getTime() - Date.now() < LEASE_LEFT_TO_ATTEMPT_MS) return;
      await this.attempt(row);
    }).catch((err: Error) =>
      this.log?.warn(
        { mail: this.about(row), err: { message: err.message } },
        'mail attempt failed; it will be retried',
      ),
    );
    this.delivering.add(job);
    void job.finally(() => this.delivering.delete(job));
  }

  async settle(): Promise<void> {
    while (this.delivering.size) await Promise.allSettled([...this.delivering]);
  }

  private async store(message: MailMessage): Promise<Row> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        bodyText: message.text,
        bodyHtml: message.html ?? null,
        attachments: message.attachments?.length ? message.attachments : null,
        nextAttemptAt: after(LEASE_MS),
        expiresAt: message.expiresAt ?? new Date(Date.now() + DEFAULT_LIFETIME_MS),
      })
      .returning();
    return row!;
  }

  /** One pass: drops expired mail, then tries every due one (at most `limit`) that no other copy has claimed. */
  async retryDue(limit = 20): Promise<void> {
    const dropped = await this.db
      .delete(mailOutbox)
      .where(lte(mailOutbox.expiresAt, sql`now()`))
      .returning();
    for (const row of dropped) {
      this.log?.error(
        { mail: this.about(row), attempts: row.attempts, lastError: row.lastError },
        'mail not delivered: expired while the SMTP server kept failing',
      );
    }
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(lte(mailOutbox.nextAttemptAt, sql`now()`), gt(mailOutbox.expiresAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: after(LEASE_MS) })
      .where(inArray(mailOutbox.id, due))
      .returning();
    for (const row of claimed) await this.attempt(row);
  }

  /** Retries in the background every 30 s (a pass never overlaps the previous one). */
  start(everyMs = RETRY_EVERY_MS): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.retryDue()
        .catch((err: Error) => this.log?.warn({ err: { message: err.message } }, 'mail retry pass failed'))
        .finally(() => {
          this.running = null;
        });
    }, everyMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.settle();
    this.sender.close?.();
  }

  private async attempt(row: Row): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      const rendered = await renderAttachments(attachmentRefsOf(row.attachments), this.renderAttachment);
      for (const ref of rendered.gone)
        this.log?.warn(
          { mail: this.about(row), attachment: ref },
          'mail sent without an attachment whose document no longer exists',
        );
      if (rendered.failed.length) {
        const reasons = rendered.failed.map((f) => `${f.ref.kind} ${f.ref.id}: ${f.reason}`).join('; ');
        if (attempts < ATTACHMENT_TRIES) throw new Error(`an attachment could not be made (${reasons})`);
        this.log?.error(
          { mail: this.about(row), attempts, reasons },
          'mail sent without an attachment that could not be made',
        );
      }
      await this.sender.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        html: row.bodyHtml ?? undefined,
        attachments: rendered.files,
      });
    } catch (err) {
      const message = (err as Error).message.slice(0, 500);
      const delay = this.retryDelayMs(attempts);
      await this.db
        .update(mailOutbox)
        .set({ attempts, nextAttemptAt: after(delay), lastError: message })
        .where(eq(mailOutbox.id, row.id));
      this.log?.warn(
        { mail: this.about(row), attempts, retryInSeconds: Math.round(delay / 1000), err: { message } },
        'mail not sent yet; it will be retried',
      );
      return;
    }
    await this.db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
    this.log?.info({ mail: this.about(row), attempts }, 'mail sent');
  }

  private about(row: Row) {
    return {
      id: row.id,
      to: maskEmail(row.toAddress),
      subject: row.subject,
      ...(row.attachments?.length ? { attachments: row.attachments.length } : {}),
    };
  }
}
