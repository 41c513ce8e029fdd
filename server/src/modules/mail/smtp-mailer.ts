import nodemailer, { type Transporter } from 'nodemailer';
import type { OutgoingMail } from './mailer.ts';

export interface SmtpSenderOptions {
  /** Certificate authorities to trust besides the system's (a private relay's own CA; the tests' self-signed one). */
  tlsCa?: string;
  /** Connecting, the greeting and a silent server each fail after this long (ms); nodemailer's defaults are minutes. */
  timeoutMs?: number;
  /** Where replies go (the sender is a no-reply address): the shop's own address. */
  replyTo?: string;
}

/**
 * One delivery attempt per call over SMTP_URL (`smtp://user:pass@host:587`, or `smtps://` for TLS from the start).
 * STARTTLS is used whenever the server offers it, with the certificate checked; `?requireTLS=true` in SMTP_URL
 * refuses to send at all over a connection that did not upgrade. Failures are thrown as plain sentences that never
 * contain the password (nor its base64 form, as AUTH sends it).
 */
export class SmtpSender {
  private readonly transport: Transporter;
  private readonly secrets: string[];

  constructor(
    url: string,
    private readonly from: string,
    private readonly opts: SmtpSenderOptions = {},
  ) {
    const timeout = opts.timeoutMs ?? 15_000;
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 2,
      ...(opts.tlsCa ? { tls: { ca: opts.tlsCa } } : {}),
    });
    this.secrets = credentialForms(url);
  }

  async send(message: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        ...(this.opts.replyTo ? { replyTo: this.opts.replyTo } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    } catch (err) {
      // Callers log the message only; nodemailer's error (the cause) names the SMTP command, never its arguments.
      throw new Error(this.redact(describeSmtpError(err)), { cause: err });
    }
  }

  close(): void {
    this.transport.close();
  }

  private redact(text: string): string {
    return this.secrets.reduce((t, s) => t.split(s).join('[redacted]'), text);
  }
}

function describeSmtpError(err: unknown): string {
  const e = err as { code?: string; response?: string; message?: string };
  const what = `${e.code ?? 'error'}: ${e.response ?? e.message ?? ''}`;
  const text = `${e.message ?? ''} ${e.response ?? ''}`;
  if (e.code === 'EAUTH')
    return `the SMTP server refused the sign-in (${what}; check the user and password in SMTP_URL)`;
  if (/STARTTLS/i.test(text)) return `the SMTP server offers no STARTTLS and SMTP_URL asks for TLS (${what})`;
  if (/certificate|self[- ]signed/i.test(text)) return `the SMTP server's TLS certificate is not trusted (${what})`;
  if (
    ['ECONNECTION', 'ETIMEDOUT', 'EDNS'].includes(e.code ?? '') ||
    /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|timed? ?out/i.test(text)
  ) {
    return `the SMTP server could not be reached (${what}; check SMTP_URL's host and port)`;
  }
  return `the SMTP server did not take the mail (${what})`;
}

/** The password of an SMTP URL as it may show up in an error: plain, URL-encoded, and in AUTH PLAIN/LOGIN base64. */
function credentialForms(url: string): string[] {
  let user = '';
  let pass = '';
  let encoded = '';
  try {
    const u = new URL(url);
    user = decodeURIComponent(u.username);
    pass = decodeURIComponent(u.password);
    encoded = u.password;
  } catch {
    return [];
  }
  if (pass.length < 4) return [];
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  return [...new Set([pass, encoded, b64(pass), b64(`\u0000${user}\u0000${pass}`)])];
}
