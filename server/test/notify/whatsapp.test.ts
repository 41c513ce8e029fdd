import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNotifications, orders, orderWhatsappOptIns, whatsappNotifications } from '../../src/db/schema/index.ts';
import { collectAtCounter, createStaff } from '../factories/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { startFakeWhatsApp } from '../fakes/whatsapp-fake.ts';
import { until } from '../helpers/until.ts';
import { newCustomerPaidOrder } from '../payments/flow.ts';

const TOKEN = 'EAAGtestWhatsAppToken0123456789abcdef';
const PHONE_ID = '109876543210987';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe.each(DATABASES)('WhatsApp notifications on %s', (db) => {
  let app: App;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  const logLines: string[] = [];
  beforeAll(async () => {
    fake = await startFakeWhatsApp({ token: TOKEN, phoneNumberId: PHONE_ID });
    app = await createTestApp({
      db,
      logLines,
      env: { WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: PHONE_ID, WHATSAPP_API_URL: fake.url },
    });
    app.ctx.notifier.whatsapp!.retryDelaysMs = [20, 40, 80];
    // Room for a busy test machine: the confirmation's bill PDF is rendered on the same event loop at the same moment.
    app.ctx.notifier.whatsapp!.requestTimeoutMs = 6000;
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  const sentFor = (orderNumber: string) => fake.sent.filter((m) => m.params[0] === orderNumber);
  /** The order's WhatsApp rows: one per event, with its status, attempts and Meta's message id. */
  const whatsappRows = (orderId: number) =>
    app.ctx.db.select().from(whatsappNotifications).where(eq(whatsappNotifications.orderId, orderId));
  /** An opted-in order placed while Meta answers `failures` first; the requests Meta got and its confirmation's row. */
  const orderWhileMetaFails = async (...failures: Parameters<typeof fake.failNext>) => {
    fake.failNext(...failures);
    const before = fake.requests;
    const { draft } = await newCustomerPaidOrder(app, { whatsapp: true });
    await app.ctx.notifier.settle();
    const [row] = await whatsappRows(draft.orderId);
    return { draft, requests: fake.requests - before, row: row! };
  };
  const setStatus = async (orderId: number, status: string) => {
    const clerk = await createStaff(app);
    const res =
      status === 'collected'
        ? await collectAtCounter(app, orderId, clerk.headers)
        : await app.inject({
            method: 'PATCH',
            url: `/api/staff/orders/${orderId}/status`,
            headers: clerk.headers,
            payload: { status },
          });
    expect(res.statusCode).toBe(200);
  };

  it('confirmation, ready and collected: each event its template, to the opted-in number, once', async () => {
    const { draft } = await newCustomerPaidOrder(app, { whatsapp: true });
    const [optIn] = await app.ctx.db
      .select()
      .from(orderWhatsappOptIns)
      .where(eq(orderWhatsappOptIns.orderId, draft.orderId));
    expect(optIn?.phoneE164).toBe('+919876543210');
    expect(optIn?.consentedAt).toBeInstanceOf(Date);
    await setStatus(draft.orderId, 'completed');
    await setStatus(draft.orderId, 'processing');
    await setStatus(draft.orderId, 'completed');
    await setStatus(draft.orderId, 'collected');
    await app.ctx.notifier.settle();
    const mine = sentFor(draft.orderNumber);
    expect(mine.map((m) => m.template)).toEqual(['order_confirmation', 'order_ready', 'order_done']);
    const tracking = `http://shop.test/order-tracking/${draft.orderNumber}`;
    expect(mine[0]).toMatchObject({ to: '+919876543210', language: 'en' });
    expect(mine[0]!.params[1]).toBe('Order Placed');
    expect(mine[0]!.params[2]).toMatch(/^\d{6}$/); // the pickup code
    expect(mine[0]!.params[3]).toBe(tracking);
    expect(mine[1]!.params.slice(1, 2)).toEqual(['Ready for pickup']);
    expect(mine[2]!.params.slice(1, 2)).toEqual(['Collected']);
    const rows = await whatsappRows(draft.orderId);
    expect(rows.map((r) => [r.event, r.status, r.wamid]).sort()).toEqual(
      mine.map((m, i) => [['confirmation', 'ready', 'done'][i], 'sent', m.wamid]).sort(),
    );
    // The mails keep their own once-per-event rows beside WhatsApp's.
    const mails = await app.ctx.db
      .select()
      .from(orderNotifications)
      .where(eq(orderNotifications.orderId, draft.orderId));
    expect(mails.map((r) => r.event).sort()).toEqual(['confirmation', 'done', 'ready']);
  });

  it('no tick at checkout: no WhatsApp, no row', async () => {
    const before = fake.requests;
    const { draft } = await newCustomerPaidOrder(app, { whatsapp: false, deliveryType: 'delivery' });
    await setStatus(draft.orderId, 'completed');
    await app.ctx.notifier.settle();
    expect(fake.requests).toBe(before);
    expect(await whatsappRows(draft.orderId)).toEqual([]);
  });

  it('home delivery: no pickup code ("-"), out for delivery; the mail server failing does not stop WhatsApp', async () => {
    const { draft } = await newCustomerPaidOrder(app, { whatsapp: true, deliveryType: 'delivery' });
    await app.ctx.notifier.settle();
    // The shop's one mailer fails for everyone who holds it.
    const mailer = app.ctx.mailer;
    const send = mailer.send;
    mailer.send = async () => Promise.reject(new Error('mail server down'));
    try {
      await setStatus(draft.orderId, 'completed');
      await app.ctx.notifier.settle();
    } finally {
      mailer.send = send;
    }
    const ready = sentFor(draft.orderNumber).find((m) => m.template === 'order_ready');
    expect(ready?.params.slice(1, 3)).toEqual(['Out for delivery', '-']);
    expect(logLines.some((l) => l.includes('customer mail not sent') && l.includes(`"orderId":${draft.orderId}`))).toBe(
      true,
    );
  });

  it('a staff note goes as the order_update template, its lines flattened', async () => {
    const { draft } = await newCustomerPaidOrder(app, { whatsapp: true });
    const clerk = await createStaff(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${draft.orderNumber}/messages`,
      headers: clerk.headers,
      payload: { body: 'Page 14 is blank.\nPrint anyway?' },
    });
    expect(res.statusCode).toBe(201);
    await app.ctx.notifier.settle();
    const note = sentFor(draft.orderNumber).find((m) => m.template === 'order_update');
    expect(note?.params).toEqual([
      draft.orderNumber,
      'Page 14 is blank. Print anyway?',
      `http://shop.test/order-tracking/${draft.orderNumber}`,
    ]);
  });

  it('Meta down (500, then 429) then up: sent once, after three attempts', async () => {
    const { draft, row } = await orderWhileMetaFails('500', '429');
    expect(sentFor(draft.orderNumber)).toHaveLength(1);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, wamid: sentFor(draft.orderNumber)[0]!.wamid });
  });

  it('not a WhatsApp number (131026): not retried, recorded and logged', async () => {
    const { draft, requests, row } = await orderWhileMetaFails('not_whatsapp');
    expect(requests).toBe(1);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, wamid: null });
    expect(row.lastError).toMatch(/^131026:/);
    await until(
      () =>
        logLines.some(
          (l) =>
            l.includes('customer WhatsApp not sent') &&
            l.includes('131026') &&
            l.includes(`"orderId":${draft.orderId}`),
        ),
      'the failure logged',
      5000,
    );
  });

  it('an expired token is logged as an error, never the token itself', async () => {
    const { draft } = await orderWhileMetaFails('expired_token');
    const line = logLines.find((l) => l.includes('"code":"190"') && l.includes(`"orderId":${draft.orderId}`));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).level).toBe(50);
    expect(logLines.some((l) => l.includes(TOKEN))).toBe(false);
  });

  it('no answer in time: the outcome is unknown and the message is not sent again', async () => {
    const { requests, row } = await orderWhileMetaFails('hang');
    expect(requests).toBe(1);
    expect(row).toMatchObject({ status: 'unknown', attempts: 1 });
  });

  it('two status changes racing for one event: one message', async () => {
    const { draft } = await newCustomerPaidOrder(app, { whatsapp: true });
    await app.ctx.notifier.settle();
    const clerk = await createStaff(app);
    const set = () =>
      app.inject({
        method: 'PATCH',
        url: `/api/staff/orders/${draft.orderId}/status`,
        headers: clerk.headers,
        payload: { status: 'completed' },
      });
    await Promise.all([set(), set(), set()]);
    const channel = app.ctx.notifier.whatsapp!;
    const [orderRow] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    await Promise.all([channel.statusChanged(orderRow!, 'ready'), channel.statusChanged(orderRow!, 'ready')]);
    await app.ctx.notifier.settle();
    expect(sentFor(draft.orderNumber).filter((m) => m.template === 'order_ready')).toHaveLength(1);
  });
});
