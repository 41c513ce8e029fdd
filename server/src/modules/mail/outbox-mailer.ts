import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { renderAttachments } from './attachments.ts';
import type { AttachmentRenderer, MailMessage, Mailer, RenderedAttachment } from './mailer.ts';

const CRLF = '\r\n';
const crlf = (text: string) => text.replace(/\r?\n/g, CRLF);
/** A file name safe inside a quoted MIME parameter (the document's serial keeps its letters, digits, - and .). */
const mimeName = (name: string) => name.replace(/[^\w.-]/g, '_');

/** The body of the .eml: the text alone, or the text and the attachments as multipart/mixed (base64, 76 a line). */
function mimeBody(text: string, files: RenderedAttachment[]): { headers: string[]; body: string } {
  const textHeaders = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'];
  if (files.length === 0) return { headers: textHeaders, body: crlf(text) };
  const boundary = `=_shop_${crypto.randomBytes(12).toString('hex')}`;
  const parts = [
    [...textHeaders, '', crlf(text)].join(CRLF),
    ...files.map((f) =>
      [
        `Content-Type: ${f.contentType}; name="${mimeName(f.filename)}"`,
        `Content-Disposition: attachment; filename="${mimeName(f.filename)}"`,
        'Content-Transfer-Encoding: base64',
        '',
        (f.content.toString('base64').match(/.{1,76}/g) ?? []).join(CRLF),
      ].join(CRLF),
    ),
  ];
  return {
    headers: [`Content-Type: multipart/mixed; boundary="${boundary}"`],
    body: `${parts.map((p) => `--${boundary}${CRLF}${p}`).join(CRLF)}${CRLF}--${boundary}--`,
  };
}

/** Writes each message as an .eml file a person can open; logs only the subject and a masked recipient. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log?: FastifyBaseLogger,
    private readonly renderAttachment?: AttachmentRenderer,
    /** Where replies go: the sender is a no-reply address. */
    private readonly replyTo?: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const rendered = await renderAttachments(message.attachments, this.renderAttachment);
    for (const f of rendered.failed)
      this.log?.error(
        { mail: { to: maskEmail(message.to), subject: message.subject }, attachment: f.ref, reason: f.reason },
        'mail written without an attachment that could not be made',
      );
    await fsp.mkdir(this.dir, { recursive: true });
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`;
    const mime = mimeBody(message.text, rendered.files);
    const headers = [
      `From: ${this.from}`,
      ...(this.replyTo ? [`Reply-To: ${this.replyTo}`] : []),
      `To: ${message.to}`,
      `Subject: ${message.subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${id}@outbox.local>`,
      'MIME-Version: 1.0',
      ...mime.headers,
    ];
    const file = path.join(this.dir, `${id}.eml`);
    await fsp.writeFile(file, `${headers.join(CRLF)}${CRLF}${CRLF}${mime.body}${CRLF}`, { mode: 0o600 });
    this.log?.info(
      {
        mail: {
          to: maskEmail(message.to),
          subject: message.subject,
          file: path.basename(file),
          attachments: rendered.files.length,
        },
      },
      'mail written to outbox',
    );
  }
}

export function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  if (!user || !domain) return '***';
  return `${user.slice(0, 1)}***@${domain}`;
}
