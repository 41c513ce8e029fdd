import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_MESSAGES } from '@shop/shared/orders/messages';
import { staffSends } from '../../src/db/schema/index.ts';
import { messageMail } from '../../src/modules/notify/order-mails.ts';
import { RECIPIENT_SENDS } from '../../src/modules/notify/staff-sends.ts';
import { createCustomer, createPaidOrder, createService, createStaff, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, readOutbox } from '../helpers/app.ts';
import { placeWalkIn, walkInBody } from '../walk-in/support.ts';

/**
 * Decision 033: staff write free text that the shop mails in its own name, and type the addresses
 * walk-in receipts go to. Links in their words stay plain text, every send is written down for the admin, and one
 * address gets only so many, whoever sends.
 */
describe.each(DATABASES)('what staff send in the shop’s name on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (ref: string | number, body: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/staff/orders/${ref}/messages`, headers, payload: { body } });
  const mailFor = async (to: string, orderNumber: string) => {
    await app.ctx.notifier.settle();
    const raw = readOutbox(app.dataDir).filter(
      (m) => m.includes(`To: ${to}\r\n`) && m.includes(`A message about your order ${orderNumber}`),
    );
    return Promise.all(raw.map((m) => simpleParser(m)));
  };

  it('a link in a staff message reaches the customer as plain text: not a link in the HTML, nor made one by a mail reader', async () => {
    const customer = await createCustomer(app, { name: 'Sunitha' });
    const order = await createPaidOrder(app, customer.record.id);
    const clerk = await createStaff(app, { name: 'Ramu' });
    const words =
      'Your refund is waiting: https://evil.example/pay?o=1 or www.evil-offers.in, mail refunds@evil.example';
    expect((await send(order.orderNumber, words, clerk.headers)).statusCode).toBe(201);
    const [mail] = await mailFor(customer.record.email, order.orderNumber);
    expect(mail).toBeDefined();
    // What a reader sees is the clerk's words…
    expect(mail!.text!.replaceAll('\u200b', '')).toContain(words);
    // …but a linkifier (mailparser's, linkify-it, as mail readers do) finds no address in them: the shop's own link only.
    const linked = [...String(mail!.textAsHtml).matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(linked).toEqual([`http://shop.test/order-tracking/${order.orderNumber}`]);
    // The HTML part (the outbox keeps text only; SMTP sends both): escaped, broken up, the shop's button the only link.
    const { html } = messageMail({
      language: 'en',
      customerName: 'Sunitha',
      trackingUrl: `http://shop.test/order-tracking/${order.orderNumber}`,
      shop: { name: 'Shop', address: 'Guntur', phone: '+91 98480 12345' },
      order,
      documents: [],
      body: words,
      from: 'Ramu',
    } as Parameters<typeof messageMail>[0]);
    expect([...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      `http://shop.test/order-tracking/${order.orderNumber}`,
    ]);
    expect(html).not.toMatch(/https:\/\/evil|www\.evil|evil\.example/);
    expect(html.replaceAll('\u200b', '')).toContain(
      'https://evil.example/pay?o=1 or www.evil-offers.in, mail refunds@evil.example',
    );
    // Kept as typed on the order, where the page shows it as text.
    const seen = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}/messages`,
      headers: customer.headers,
    });
    expect(seen.json()[0].body).toBe(words);
  });

  it('writes down who sent what to whom, for the admin only', async () => {
    const customer = await createCustomer(app);
    const order = await createPaidOrder(app, customer.record.id);
    const clerk = await createStaff(app, { name: 'Lakshmi' });
    expect((await send(order.id, 'Page 3 is blank, print anyway?', clerk.headers)).statusCode).toBe(201);
    const admin = await signInAdmin(app);
    const list = await app.inject({
      method: 'GET',
      url: `/api/admin/staff-sends?recipient=${encodeURIComponent(customer.record.email.toUpperCase())}`,
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        by: { kind: 'staff', id: clerk.record.id, name: 'Lakshmi' },
        kind: 'message',
        channel: 'mail',
        recipient: customer.record.email,
        order_number: order.orderNumber,
        body: 'Page 3 is blank, print anyway?',
      },
    ]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/staff-sends', headers: clerk.headers })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/staff-sends', headers: customer.headers })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/staff-sends' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/staff-sends?limit=5000', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/staff-sends?before=abc', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
  });

  it(`limits one recipient to ${RECIPIENT_SENDS.burst} sends at once whoever sends; a refused send writes and mails nothing`, async () => {
    const customer = await createCustomer(app);
    const order = await createPaidOrder(app, customer.record.id);
    const clerks = await Promise.all([createStaff(app), createStaff(app)]);
    for (let i = 0; i < RECIPIENT_SENDS.burst; i++)
      expect((await send(order.id, `Note ${i + 1}`, clerks[i % 2]!.headers)).statusCode).toBe(201);
    const refused = await send(order.id, 'One more', clerks[0]!.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_sends_to_recipient');
    expect(refused.json().message).toBe(
      SEND_MESSAGES.tooManyToMail(refused.json().message.match(/Try again in (.+), or phone/)![1]),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(order.id, 'From the other clerk', clerks[1]!.headers)).statusCode).toBe(429);
    expect((await mailFor(customer.record.email, order.orderNumber)).length).toBe(RECIPIENT_SENDS.burst);
    const rows = await app.ctx.db.select().from(staffSends).where(eq(staffSends.recipient, customer.record.email));
    expect(rows).toHaveLength(RECIPIENT_SENDS.burst);
    const messages = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/messages`,
      headers: customer.headers,
    });
    expect(messages.json().map((m: { body: string }) => m.body)).not.toContain('One more');
    // Another customer is not affected.
    const other = await createCustomer(app);
    const theirs = await createPaidOrder(app, other.record.id);
    expect((await send(theirs.id, 'Ready at 5 pm', clerks[0]!.headers)).statusCode).toBe(201);
  });

  it('a walk-in receipt to a typed e-mail is written down and counts for that address; a refused one makes no order', async () => {
    const bw = await createService(app);
    const clerk = await createStaff(app, { name: 'Ramu' });
    const victim = `victim.${Date.now()}@example.com`;
    const body = () =>
      walkInBody(bw.id, 12000, {
        customer: { name: 'Visit evil.example now', mobile: '+91 98480 11111', email: victim },
      });
    for (let i = 0; i < RECIPIENT_SENDS.burst; i++)
      expect((await placeWalkIn(app, clerk.headers, body())).statusCode).toBe(201);
    const refused = await placeWalkIn(app, clerk.headers, body());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_sends_to_recipient');
    const rows = await app.ctx.db.select().from(staffSends).where(eq(staffSends.recipient, victim));
    expect(rows).toHaveLength(RECIPIENT_SENDS.burst);
    expect(rows[0]).toMatchObject({
      kind: 'walk_in_receipt',
      channel: 'mail',
      actorKind: 'staff',
      actorId: clerk.record.id,
      actorName: 'Ramu',
      body: 'Order confirmation and receipt for “Visit evil.example now”',
    });
    // The name typed at the counter is not a link in the mail either.
    await app.ctx.notifier.settle();
    const raw = readOutbox(app.dataDir).find((m) => m.includes(`To: ${victim}\r\n`));
    const mail = await simpleParser(raw!);
    expect(String(mail.textAsHtml)).not.toMatch(/href="[^"]*evil/);
    // Without an e-mail the same counter goes on taking orders.
    expect((await placeWalkIn(app, clerk.headers, walkInBody(bw.id, 12000))).statusCode).toBe(201);
  });
});
