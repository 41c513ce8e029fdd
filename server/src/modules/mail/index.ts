import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { AttachmentRenderer, Mailer } from './mailer.ts';
import { OutboxMailer } from './outbox-mailer.ts';

/**
 * The configured mailer: SMTP through the database-backed queue (retried until delivered or expired), or the local
 * outbox folder. nodemailer is loaded only when SMTP is configured.
 */
export async function createMailer(
  config: Config,
  log: FastifyBaseLogger | undefined,
  db: Db,
  renderAttachment?: AttachmentRenderer,
): Promise<Mailer> {
  if (config.mail === 'smtp') {
    const [{ SmtpSender }, { QueuedMailer, defaultRetryDelayMs }] = await Promise.all([
      import('./smtp-mailer.ts'),
      import('./queued-mailer.ts'),
    ]);
    const mailer = new QueuedMailer(
      new SmtpSender(config.SMTP_URL!, config.MAIL_FROM, { replyTo: config.mailReplyTo }),
      db,
      log,
      defaultRetryDelayMs,
      renderAttachment,
    );
    mailer.start();
    return mailer;
  }
  return new OutboxMailer(
    path.join(config.dataDir, 'outbox'),
    config.MAIL_FROM,
    log,
    renderAttachment,
    config.mailReplyTo,
  );
}

export type { AttachmentRenderer, Mailer, MailAttachmentRef, MailMessage } from './mailer.ts';
export type { RenderedAttachment } from './mailer.ts';
export { maskEmail } from './outbox-mailer.ts';
