import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { defaultRetryDelayMs, QueuedMailer } from '../../src/modules/mail/queued-mailer.ts';
import { SmtpSender } from '../../src/modules/mail/smtp-mailer.ts';
import { DATABASES, openTestDatabase } from '../helpers/app.ts';
import { selfSignedCertificate, startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';
import { freePort } from '../helpers/free-port.ts';
import { until } from '../helpers/until.ts';

/** The SMTP mailer against a real SMTP server started here (smtp-server, messages parsed by mailparser). */

const FROM = 'Sri Sai Xerox & Printers <no-reply@printshop.local>';
const SMTP_PASSWORD = 'smtp-Secret-123';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('retry delays', () => {
  it('grow 1, 2, 4, … minutes after each failed attempt, at most an hour', () => {
    expect([1, 2, 3, 4, 6, 7, 20].map(defaultRetryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe.each(DATABASES)('mail through a real SMTP server, queued on %s', (db) => {
  let database: Database;
  let cert: { key: string; cert: string };
  const servers: TestSmtp[] = [];
  const mailers: QueuedMailer[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(db);
    cert = selfSignedCertificate();
  });
  afterEach(async () => {
    for (const m of mailers.splice(0)) await m.close();
    for (const s of servers.splice(0)) await s.close();
    await database.db.delete(mailOutbox);
  });
  afterAll(async () => database?.close());

  const smtp = async (opts: Parameters<typeof startTestSmtp>[0] = {}) => {
    const s = await startTestSmtp(opts);
    servers.push(s);
    return s;
  };
  /** A mailer as the shop builds it for SMTP_URL, its log lines kept; `retryAt` 0 makes a failed mail due at once. */
  const mailerFor = (url: string, opts: { trustTestCa?: boolean; retryAt?: number } = {}) => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) }) as unknown as FastifyBaseLogger;
    const sender = new SmtpSender(url, FROM, {
      timeoutMs: 3_000,
      replyTo: 'orders@printshop.local',
      ...(opts.trustTestCa === false ? {} : { tlsCa: cert.cert }),
    });
    const mailer = new QueuedMailer(
      sender,
      database.db,
      log,
      opts.retryAt === undefined ? defaultRetryDelayMs : () => opts.retryAt!,
    );
    mailers.push(mailer);
    return { mailer, lines };
  };
  const queued = () => database.db.select().from(mailOutbox);
  const message = (subject = 'Your order is ready') => ({
    to: 'lakshmi.prasad@example.com',
    subject,
    text: `Hello Lakshmi,\n\n${subject}.\nTotal ₹152.00`,
  });

  it('arrives as sent: envelope, From, To, Subject (Telugu too), text, standard headers; nothing stays queued', async () => {
    const server = await smtp();
    const { mailer, lines } = mailerFor(`smtp://127.0.0.1:${server.port}`);
    const subject = 'మీ ఆర్డర్ PS-261122-7K3QX సిద్ధంగా ఉంది';
    await mailer.send({
      to: 'lakshmi.prasad@example.com',
      subject,
      text: 'Hello Lakshmi,\n\nYour 38 pages are printed.\nTotal ₹152.00',
    });
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe('no-reply@printshop.local');
    expect(mail!.to).toEqual(['lakshmi.prasad@example.com']);
    expect(mail!.parsed.from?.value).toEqual([
      { name: 'Sri Sai Xerox & Printers', address: 'no-reply@printshop.local' },
    ]);
    expect(mail!.parsed.to && !Array.isArray(mail!.parsed.to) ? mail!.parsed.to.value : null).toEqual([
      { name: '', address: 'lakshmi.prasad@example.com' },
    ]);
    expect(mail!.parsed.replyTo?.value).toEqual([{ name: '', address: 'orders@printshop.local' }]);
    expect(mail!.parsed.subject).toBe(subject);
    expect(mail!.parsed.text?.trim()).toBe('Hello Lakshmi,\n\nYour 38 pages are printed.\nTotal ₹152.00');
    expect(mail!.parsed.messageId).toMatch(/^<[^@\s]+@[^@\s]+>$/);
    expect(mail!.parsed.date).toBeInstanceOf(Date);
    expect(mail!.parsed.headers.get('mime-version')).toBe('1.0');
    expect(mail!.parsed.headers.get('content-type')).toMatchObject({
      value: 'text/plain',
      params: { charset: 'utf-8' },
    });
    expect(await queued()).toEqual([]);
    const sent = lines
      .map((l) => JSON.parse(l) as { msg: string; mail: { to: string } })
      .find((l) => l.msg === 'mail sent');
    expect(sent?.mail.to).toBe('l***@example.com');
    expect(lines.join('\n')).not.toContain('lakshmi.prasad@example.com');
  });

  it('upgrades with STARTTLS when the server offers it, and signs in only over TLS', async () => {
    const server = await smtp({ tls: cert, auth: { user: 'shop', pass: SMTP_PASSWORD } });
    const { mailer } = mailerFor(`smtp://shop:${SMTP_PASSWORD}@127.0.0.1:${server.port}`);
    await mailer.send(message());
    expect(server.received.map((m) => [m.secure, m.user])).toEqual([[true, 'shop']]);
    expect(server.logins).toEqual([{ user: 'shop', secure: true }]);
  });

  it('with ?requireTLS=true a server without STARTTLS gets nothing: the mail waits in the queue', async () => {
    const server = await smtp();
    const { mailer, lines } = mailerFor(`smtp://127.0.0.1:${server.port}/?requireTLS=true`);
    await mailer.send(message());
    expect(server.received).toEqual([]);
    const [row] = await queued();
    expect(row).toMatchObject({ attempts: 1, toAddress: 'lakshmi.prasad@example.com' });
    expect(row!.lastError).toMatch(/STARTTLS/);
    expect(lines.some((l) => l.includes('mail not sent yet; it will be retried'))).toBe(true);
  });

  it('speaks TLS from the start for smtps://', async () => {
    const server = await smtp({ tls: cert, secure: true });
    const { mailer } = mailerFor(`smtps://127.0.0.1:${server.port}`);
    await mailer.send(message());
    expect(server.received.map((m) => m.secure)).toEqual([true]);
  });

  it('refuses a certificate it cannot trust instead of sending in clear', async () => {
    const server = await smtp({ tls: cert });
    const { mailer } = mailerFor(`smtp://127.0.0.1:${server.port}`, { trustTestCa: false });
    await mailer.send(message());
    expect(server.received).toEqual([]);
    expect((await queued())[0]!.lastError).toMatch(/certificate/i);
  });

  it('the SMTP server down: the mail is kept, and delivered once it is back, by a restarted server too', async () => {
    const port = await freePort();
    const first = mailerFor(`smtp://127.0.0.1:${port}`, { retryAt: 0 });
    await expect(first.mailer.send(message('Kept while the server was down'))).resolves.toBeUndefined();
    const [row] = await queued();
    expect(row).toMatchObject({ attempts: 1, subject: 'Kept while the server was down' });
    expect(row!.lastError).toMatch(/could not be reached .*ECONNREFUSED/);
    await first.mailer.close();

    const server = await smtp({ port });
    const restarted = mailerFor(`smtp://127.0.0.1:${port}`, { retryAt: 0 });
    await restarted.mailer.retryDue();
    expect(server.received.map((m) => m.parsed.subject)).toEqual(['Kept while the server was down']);
    expect(await queued()).toEqual([]);
  });

  it('a failed mail waits its delay: not retried before it is due', async () => {
    const port = await freePort();
    const { mailer } = mailerFor(`smtp://127.0.0.1:${port}`);
    await mailer.send(message());
    expect(
      await database.db
        .select({ later: sql<boolean>`next_attempt_at > now() + interval '50 seconds'` })
        .from(mailOutbox),
    ).toEqual([{ later: true }]);
    const server = await smtp({ port });
    await mailer.retryDue();
    expect(server.received).toEqual([]);
    expect(await queued()).toHaveLength(1);
  });

  it('two server copies retrying at the same time send each waiting mail exactly once', async () => {
    const port = await freePort();
    const a = mailerFor(`smtp://127.0.0.1:${port}`, { retryAt: 0 });
    const b = mailerFor(`smtp://127.0.0.1:${port}`, { retryAt: 0 });
    for (let i = 1; i <= 6; i++) await a.mailer.send(message(`Waiting mail ${i}`));
    const server = await smtp({ port });
    await Promise.all([a.mailer.retryDue(), b.mailer.retryDue(), a.mailer.retryDue()]);
    expect(server.received.map((m) => m.parsed.subject).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `Waiting mail ${i}`),
    );
    expect(await queued()).toEqual([]);
  });

  it('a mail still undelivered when it expires is dropped and logged, never sent late', async () => {
    const port = await freePort();
    const { mailer, lines } = mailerFor(`smtp://127.0.0.1:${port}`, { retryAt: 0 });
    await mailer.send({ ...message('Reset your password'), expiresAt: new Date(Date.now() + 3600_000) });
    // As if the hour had passed.
    await database.db.execute(sql`update mail_outbox set expires_at = now() - interval '1 second'`);
    const server = await smtp({ port });
    await mailer.retryDue();
    expect(server.received).toEqual([]);
    expect(await queued()).toEqual([]);
    const dropped = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string; mail?: { to: string; subject: string } })
      .find((l) => l.msg.startsWith('mail not delivered'));
    expect(dropped).toMatchObject({ level: 50, mail: { to: 'l***@example.com', subject: 'Reset your password' } });
  });

  it('a wrong SMTP password is logged as a refused sign-in without the password; the fixed setting delivers the mail', async () => {
    const server = await smtp({ tls: cert, auth: { user: 'shop', pass: SMTP_PASSWORD } });
    const wrong = 'Wrong-Pass-9876';
    const { mailer, lines } = mailerFor(`smtp://shop:${wrong}@127.0.0.1:${server.port}`, { retryAt: 0 });
    await mailer.send(message());
    expect(server.received).toEqual([]);
    expect(server.logins).toEqual([{ user: 'shop', secure: true }]);
    const warn = lines.find((l) => l.includes('mail not sent yet'));
    expect(warn).toMatch(/refused the sign-in.*check the user and password in SMTP_URL/);
    for (const form of [wrong, b64(wrong), b64(`\u0000shop\u0000${wrong}`)])
      expect(lines.join('\n')).not.toContain(form);
    expect(JSON.stringify(await queued())).not.toContain(wrong);

    const fixed = mailerFor(`smtp://shop:${SMTP_PASSWORD}@127.0.0.1:${server.port}`, { retryAt: 0 });
    await fixed.mailer.retryDue();
    expect(server.received).toHaveLength(1);
  });

  it('queued for the notifier: stored at once, tried two at a time; one kept waiting past most of its lease is left to the retry pass and goes once', async () => {
    const sent: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // A mail server that takes each mail and answers only when the test says so.
    const mailer = new QueuedMailer(
      {
        send: async (m) => {
          sent.push(m.subject);
          await gate;
        },
      },
      database.db,
    );
    mailers.push(mailer);
    for (const subject of ['First', 'Second', 'Third']) await mailer.queue(message(subject));
    expect((await queued()).map((r) => r.subject).sort()).toEqual(['First', 'Second', 'Third']);
    await until(() => sent.length === 2, 'two first attempts under way');
    // The third waits for a place; the clock moves 4 minutes on (of its 5-minute lease) before one frees up.
    const later = Date.now() + 4 * 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      open();
      await mailer.settle();
    } finally {
      clock.mockRestore();
    }
    expect(sent).toEqual(['First', 'Second']);
    expect(await queued()).toMatchObject([{ subject: 'Third', attempts: 0 }]);
    // Its lease over, the retry pass sends it: once, and nothing stays queued.
    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    await mailer.retryDue();
    expect(sent).toEqual(['First', 'Second', 'Third']);
    expect(await queued()).toHaveLength(0);
  });
});
