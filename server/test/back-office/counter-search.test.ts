import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff } from '../factories/index.ts';

/** Decision 039: the counter's one box finds a phone as dictated, and a pickup code through its own lookup. */
describe.each(DATABASES)("the counter's search on %s", (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds an order by the phone number said any way, and by part of it', async () => {
    const customer = await createCustomer(app, { name: 'Jyothi' });
    const order = await createPaidOrder(app, customer.record.id, {
      mobileNumber: '9848022222',
      deliveryType: 'pickup',
    });
    const other = await createPaidOrder(app, customer.record.id, {
      mobileNumber: '9000011111',
      deliveryType: 'pickup',
    });
    const clerk = await createStaff(app);
    const find = async (search: string) =>
      (
        (
          await app.inject({ method: 'GET', url: '/api/staff/orders', query: { search }, headers: clerk.headers })
        ).json() as Array<{ order_number: string }>
      ).map((o) => o.order_number);
    for (const said of ['98480 22222', '+91 9848022222', '+91-98480-22222', '098480 22222', '98480 22', '9848022222']) {
      const found = await find(said);
      expect(found, said).toContain(order.orderNumber);
      expect(found, said).not.toContain(other.orderNumber);
    }
    // Other text is searched as before; a name with digits is no phone.
    expect(await find('Jyothi')).toEqual(expect.arrayContaining([order.orderNumber, other.orderNumber]));
    expect(await find('12')).not.toContain(order.orderNumber);
  });

  it('finds the order waiting with a pickup code; counts codes that match nothing, per clerk, with the wrong codes at Collect', async () => {
    const customer = await createCustomer(app);
    const order = await createPaidOrder(app, customer.record.id, {
      deliveryType: 'pickup',
      pickupCode: '160148',
      status: 'completed',
    });
    await createPaidOrder(app, customer.record.id, {
      deliveryType: 'pickup',
      pickupCode: '270259',
      status: 'collected',
    });
    const clerk = await createStaff(app);
    const lookup = (code: unknown, headers = clerk.headers) =>
      app.inject({ method: 'POST', url: '/api/staff/orders/find-by-pickup-code', headers, payload: { code } });

    const found = await lookup('160 148');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ order_number: order.orderNumber, documents: expect.any(Array) });
    expect(found.json()).not.toHaveProperty('pickup_code');
    // A collected order is not waiting; a bad code is refused with the collect form's words.
    expect((await lookup('270259')).json()).toMatchObject({
      code: 'pickup_code_unknown',
      message: 'No order waiting to be collected has this pickup code. Check it with the customer.',
    });
    expect((await lookup('16014')).statusCode).toBe(400);
    expect((await lookup(160148)).statusCode).toBe(400);
    // A customer cannot look codes up.
    expect((await lookup('160148', customer.headers)).statusCode).toBe(403);

    // Ten misses, then refused for a while; a found code gives its try back, another clerk has their own.
    const guesser = await createStaff(app);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await lookup(String(900000 + i), guesser.headers)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await lookup('160148', guesser.headers)).statusCode).toBe(429);
    expect((await lookup('160148')).statusCode).toBe(200);
    // The search box and Collect spend one budget of wrong codes per clerk (decision 033): no way around either.
    const collect = (code: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/collect`, headers, payload: { code } });
    const refused = await collect('160148', guesser.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_pickup_tries');
    const collector = await createStaff(app);
    for (let i = 0; i < 10; i++) expect((await collect(String(800000 + i), collector.headers)).statusCode).toBe(400);
    expect((await lookup('160148', collector.headers)).statusCode).toBe(429);
  });

  it('says so when two orders waiting share a code', async () => {
    const customer = await createCustomer(app);
    await createPaidOrder(app, customer.record.id, {
      deliveryType: 'pickup',
      pickupCode: '555444',
      status: 'unvisited',
    });
    await createPaidOrder(app, customer.record.id, {
      deliveryType: 'pickup',
      pickupCode: '555444',
      status: 'processing',
    });
    const clerk = await createStaff(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/orders/find-by-pickup-code',
      headers: clerk.headers,
      payload: { code: '555444' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('pickup_code_ambiguous');
  });
});
