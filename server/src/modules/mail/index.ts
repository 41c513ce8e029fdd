import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Mailer } from './mailer.ts';
import { OutboxMailer } from './outbox-mailer.ts';

/** The configured mailer; nodemailer is loaded only when SMTP is configured. */
export async function createMailer(config: Config, log?: FastifyBaseLogger): Promise<Mailer> {
  if (config.mail === 'smtp') {
    const { SmtpMailer } = await import('./smtp-mailer.ts');
    return new SmtpMailer(config.SMTP_URL!, config.MAIL_FROM);
  }
  return new OutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
}

export type { Mailer, MailMessage } from './mailer.ts';
