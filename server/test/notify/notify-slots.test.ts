import net from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, whatsappNotifications } from '../../src/db/schema/index.ts';
import { NOTIFY_CONCURRENCY } from '../../src/modules/notify/channel.ts';
import { startFakeWhatsApp } from '../fakes/whatsapp-fake.ts';
import { signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, readOutbox } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';
import { adminRefund, newCustomerPaidOrder } from '../payments/flow.ts';

const TOKEN = 'EAAGtestWhatsAppToken0123456789abcdef';
const PHONE_ID = '109876543210987';

type App = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Telling customers about a burst of orders (channel.ts, NOTIFY_CONCURRENCY): the mails and WhatsApp messages are made
 * a few at a time, so 200 payments in a minute do not queue a thousand queries ahead of the next customer's request,
 * and a WhatsApp message waiting to retry does not hold up anyone else's.
 */
describe.each(DATABASES)('telling a burst of customers on %s', (db) => {
  let app: App;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  beforeAll(async () => {
    fake = await startFakeWhatsApp({ token: TOKEN, phoneNumberId: PHONE_ID });
    app = await createTestApp({
      db,
      env: { WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: PHONE_ID, WHATSAPP_API_URL: fake.url },
    });
    app.ctx.notifier.whatsapp!.requestTimeoutMs = 6000;
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const placeOrder = (whatsapp: boolean) => newCustomerPaidOrder(app, { whatsapp });
  const confirmationsTo = (email: string) =>
    readOutbox(app.dataDir).filter((m) => m.includes(`To: ${email}\r\n`) && /Subject: Order .* placed/.test(m));

  /**
   * A slow mail server: every mail the app sends waits until `open()`; `inFlight` and `most` count the mails waiting
   * now and at most. `restore()` opens the gate and puts the mailer back.
   */
  function holdMails() {
    const mailer = app.ctx.mailer;
    const send = mailer.send.bind(mailer);
    const held = { inFlight: 0, most: 0, open: () => {}, restore: () => {} };
    const gate = new Promise<void>((resolve) => (held.open = resolve));
    mailer.send = async (message) => {
      held.most = Math.max(held.most, ++held.inFlight);
      try {
        await gate;
        return await send(message);
      } finally {
        held.inFlight--;
      }
    };
    held.restore = () => {
      held.open();
      mailer.send = send;
    };
    return held;
  }

  it('eight orders paid while the mail is slow: two mails are made at a time, and every customer gets theirs once', async () => {
    const held = holdMails();
    try {
      const placed = [];
      for (let i = 0; i < 8; i++) placed.push(await placeOrder(false));
      await until(() => held.inFlight >= NOTIFY_CONCURRENCY, 'two mails on their way');
      // The customers' own pages answer while their mails wait.
      const mine = await app.inject({ method: 'GET', url: '/api/orders/user', headers: placed[7]!.customer.headers });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject([{ order_number: placed[7]!.draft.orderNumber, status: 'unvisited' }]);
      expect(held.most).toBe(NOTIFY_CONCURRENCY);

      held.open();
      await app.ctx.notifier.settle();
      expect(held.most).toBe(NOTIFY_CONCURRENCY);
      for (const { customer, draft } of placed) {
        const mails = confirmationsTo(customer.record.email);
        expect(mails, draft.orderNumber).toHaveLength(1);
        expect(mails[0]).toContain(`Order ${draft.orderNumber} placed`);
      }
    } finally {
      held.restore();
    }
  });

  it('refunds of six orders while the mail is slow: their mails take the same two places, one for each customer', async () => {
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await placeOrder(false));
    await app.ctx.notifier.settle();
    const admin = await signInAdmin(app);
    const held = holdMails();
    try {
      for (const { draft } of placed) {
        const res = await adminRefund(app, admin, draft.orderId, { amount: 1, reason: 'Two pages printed faint' });
        // The admin's answer does not wait for the mail.
        expect(res.statusCode, res.body).toBe(201);
      }
      await until(() => held.inFlight >= NOTIFY_CONCURRENCY, 'two refund mails on their way');
      expect(held.most).toBe(NOTIFY_CONCURRENCY);
      held.open();
      await app.ctx.notifier.settle();
      expect(held.most).toBe(NOTIFY_CONCURRENCY);
      for (const { customer, draft } of placed) {
        const mails = readOutbox(app.dataDir).filter(
          (m) => m.includes(`To: ${customer.record.email}\r\n`) && m.includes(`for order ${draft.orderNumber}`),
        );
        expect(mails, draft.orderNumber).toHaveLength(1);
        expect(mails[0]).toMatch(/Subject: Refund of ₹\s?1(\.00)? for order/);
      }
    } finally {
      held.restore();
    }
  });

  it('WhatsApp messages waiting to retry hold no place: the next order’s mail and message still go', async () => {
    const whatsapp = app.ctx.notifier.whatsapp!;
    whatsapp.retryDelaysMs = [10 * 60_000];
    // As many waiting messages as there are places: Meta is down for the first two confirmations.
    fake.failNext('500', '500');
    const waiting = [await placeOrder(true), await placeOrder(true)];
    for (const { draft } of waiting)
      await until(async () => {
        const [row] = await app.ctx.db
          .select()
          .from(whatsappNotifications)
          .where(eq(whatsappNotifications.orderId, draft.orderId));
        return row?.status === 'sending' && row.attempts === 1;
      }, `${draft.orderNumber}'s WhatsApp waiting to retry`);

    const next = await placeOrder(true);
    await until(
      () => fake.sent.some((m) => m.params[0] === next.draft.orderNumber),
      'the next order’s WhatsApp confirmation',
    );
    await until(() => confirmationsTo(next.customer.record.email).length === 1, 'the next order’s mail');
    for (const { customer } of waiting) expect(confirmationsTo(customer.record.email)).toHaveLength(1);
    expect(fake.sent.filter((m) => waiting.some((w) => w.draft.orderNumber === m.params[0]))).toHaveLength(0);

    // Closing wakes the two waiting retries: they are recorded as not sent, and nothing is left running.
    whatsapp.close();
    await app.ctx.notifier.settle();
    for (const { draft } of waiting) {
      const [row] = await app.ctx.db
        .select()
        .from(whatsappNotifications)
        .where(eq(whatsappNotifications.orderId, draft.orderId));
      expect(row).toMatchObject({ status: 'failed', attempts: 1, wamid: null });
    }
  });
});

/**
 * With an SMTP server (decision 020's addendum), the notifier's places store each mail in the outbox; the first
 * attempts go on in the mailer's background. A mail server that accepts connections and never answers holds no
 * customer's confirmation out of the outbox.
 */
describe.each(DATABASES)('telling customers while the mail server hangs, on %s', (db) => {
  let app: App;
  let hanging: net.Server;
  const sockets = new Set<net.Socket>();
  let dropping = false;
  beforeAll(async () => {
    // Takes the connection and never greets: nodemailer waits (up to its timeout) for the first line. Once `dropping`,
    // it closes every connection at once.
    hanging = net.createServer((socket) => {
      if (dropping) return socket.destroy();
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    app = await createTestApp({ db, smtpPort: (hanging.address() as net.AddressInfo).port });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await app?.close();
    await new Promise<void>((resolve) => hanging?.close(() => resolve()));
  });

  it('four orders paid: all four confirmations are stored at once, two attempts hang, none is lost', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { customer } = await newCustomerPaidOrder(app, { whatsapp: false });
      placed.push(customer.record.email);
    }
    const stored = () => app.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, placed));
    // Every confirmation is in the outbox while the first attempts still hang (none has finished one).
    const rows = await until(async () => {
      const r = await stored();
      return r.length === 4 && sockets.size === 2 ? r : null;
    }, 'four stored confirmations and two hanging attempts');
    expect(rows.every((r) => r.attempts === 0 && /Order .* placed/.test(r.subject))).toBe(true);

    // The mail server drops them: each attempt is recorded for a retry, and each mail is still there.
    dropping = true;
    for (const s of sockets) s.destroy();
    await until(async () => (await stored()).every((r) => r.attempts === 1), 'every mail tried once');
    await app.ctx.notifier.settle();
    expect(await stored()).toHaveLength(4);
  });
});
