import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.ts';

/** Writes each message as an .eml file a person can open; logs only the subject and a masked recipient. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`;
    const headers = [
      `From: ${this.from}`,
      `To: ${message.to}`,
      `Subject: ${message.subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${id}@outbox.local>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
    ];
    const file = path.join(this.dir, `${id}.eml`);
    await fsp.writeFile(file, `${headers.join('\r\n')}\r\n\r\n${message.text.replace(/\r?\n/g, '\r\n')}\r\n`, { mode: 0o600 });
    this.log?.info({ mail: { to: maskEmail(message.to), subject: message.subject, file: path.basename(file) } }, 'mail written to outbox');
  }
}

export function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  if (!user || !domain) return '***';
  return `${user.slice(0, 1)}***@${domain}`;
}
