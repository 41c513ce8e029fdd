import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, readOutbox } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff } from '../factories/index.ts';

describe.each(DATABASES)('messages from the shop about an order on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('staff write to the customer: kept on the order, shown to its customer, mailed', async () => {
    const customer = await createCustomer(app, { name: 'Sunitha' });
    const order = await createPaidOrder(app, customer.record.id);
    const clerk = await createStaff(app, { name: 'Ramu' });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.orderNumber}/messages`,
      headers: clerk.headers,
      payload: { body: '  Page 14 is blank. Shall we print it anyway?  ' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ body: 'Page 14 is blank. Shall we print it anyway?', from: 'Ramu' });

    const seen = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}/messages`,
      headers: customer.headers,
    });
    expect(seen.json().map((m: { body: string }) => m.body)).toEqual(['Page 14 is blank. Shall we print it anyway?']);
    await app.ctx.notifier.settle();
    const mail = readOutbox(app.dataDir).find(
      (m) =>
        m.includes(`To: ${customer.record.email}\r\n`) && m.includes(`A message about your order ${order.orderNumber}`),
    );
    expect(mail).toContain('Ramu at');
    expect(mail).toContain('Page 14 is blank. Shall we print it anyway?');
    // "Reply to this mail" reaches the shop: the sender is a no-reply address (decision 039).
    expect(mail).toMatch(/\r\nReply-To: orders@printshop\.local\r\n/);

    const stranger = await createCustomer(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/messages`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/staff/orders/${order.orderNumber}/messages`,
          headers: customer.headers,
          payload: { body: 'from a customer' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses empty, overlong and direction-tricked messages, and a flood, with plain messages', async () => {
    const customer = await createCustomer(app);
    const order = await createPaidOrder(app, customer.record.id);
    const clerk = await createStaff(app);
    const send = (body: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/staff/orders/${order.id}/messages`,
        headers: clerk.headers,
        payload: { body },
      });
    expect((await send(' ')).json().message).toMatch(/at least 2 characters/);
    expect((await send('x'.repeat(501))).json().message).toMatch(/under 500 characters/);
    expect((await send('pay to \u202Eevil')).json().message).toMatch(/text-direction/);
    expect((await send(42)).statusCode).toBe(400);
    // The clerk's own flood limit, across customers (one customer also has a limit of their own: staff-sends.test.ts).
    const others = await Promise.all([createCustomer(app), createCustomer(app)]);
    const orders = [order, ...(await Promise.all(others.map((c) => createPaidOrder(app, c.record.id))))];
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        (
          await app.inject({
            method: 'POST',
            url: `/api/staff/orders/${orders[i % 3]!.id}/messages`,
            headers: clerk.headers,
            payload: { body: `Note number ${i}` },
          })
        ).statusCode,
      );
    }
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/messages`,
      headers: customer.headers,
    });
    expect(listed.json()).toHaveLength(4);
  });
});
