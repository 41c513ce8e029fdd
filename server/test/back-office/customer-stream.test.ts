import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';
import { createCustomer, createPaidOrder, createStaff } from '../factories/index.ts';

/** A customer's open pages hear their own orders' status changes, live, and nothing of anyone else's. */
describe.each(DATABASES)("the customer's live order stream on %s", (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  const streams: EventStream[] = [];
  beforeAll(async () => {
    app = await createTestApp({ db });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await app?.close();
  });

  it('tells the owner of a status change and names no other customer’s order', async () => {
    const padma = await createCustomer(app, { name: 'Padma' });
    const ravi = await createCustomer(app, { name: 'Ravi' });
    const hers = await createPaidOrder(app, padma.record.id, { deliveryType: 'pickup' });
    const his = await createPaidOrder(app, ravi.record.id, { deliveryType: 'pickup' });
    const s = await openEventStream(`${base}/api/orders/events`, padma.headers);
    streams.push(s);
    const clerk = await createStaff(app);
    const set = (id: number, status: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/staff/orders/${id}/status`,
        headers: clerk.headers,
        payload: { status },
      });
    await set(his.id, 'processing');
    await set(hers.id, 'processing');
    await s.waitFor((e) => e.type === 'order.status', 10_000);
    const seen = s.events.filter((e) => e.type === 'order.status').map((e) => e.data);
    expect(seen).toEqual([
      { type: 'order.status', orderNumber: hers.orderNumber, status: 'processing', at: expect.any(String) },
    ]);
    expect(JSON.stringify(s.events)).not.toContain(his.orderNumber);
  });

  it('tells the owner of a message from the shop and that the catalogue changed, naming nothing else (decision 039)', async () => {
    const padma = await createCustomer(app, { name: 'Padma' });
    const ravi = await createCustomer(app, { name: 'Ravi' });
    const hers = await createPaidOrder(app, padma.record.id, { deliveryType: 'pickup' });
    const his = await createPaidOrder(app, ravi.record.id, { deliveryType: 'pickup' });
    const s = await openEventStream(`${base}/api/orders/events`, padma.headers);
    streams.push(s);
    const clerk = await createStaff(app);
    const write = (ref: string) =>
      app.inject({
        method: 'POST',
        url: `/api/staff/orders/${ref}/messages`,
        headers: clerk.headers,
        payload: { body: 'Page 3 is blank.' },
      });
    expect((await write(his.orderNumber)).statusCode).toBe(201);
    expect((await write(hers.orderNumber)).statusCode).toBe(201);
    await s.waitFor((e) => e.type === 'order.message', 10_000);
    expect(s.events.filter((e) => e.type === 'order.message').map((e) => e.data)).toEqual([
      { type: 'order.message', orderNumber: hers.orderNumber, at: expect.any(String) },
    ]);
    await app.ctx.events.publish({ type: 'service.changed', serviceId: 7, at: new Date().toISOString() });
    await s.waitFor((e) => e.type === 'service.changed', 10_000);
    expect(s.events.find((e) => e.type === 'service.changed')!.data).toEqual({
      type: 'service.changed',
      at: expect.any(String),
    });
    expect(JSON.stringify(s.events)).not.toContain(his.orderNumber);
    expect(JSON.stringify(s.events)).not.toContain('Page 3');
  });

  it('is for signed-in customers only: visitors and staff are refused', async () => {
    expect((await fetch(`${base}/api/orders/events`)).status).toBe(401);
    const clerk = await createStaff(app);
    expect((await fetch(`${base}/api/orders/events`, { headers: clerk.headers })).status).toBe(403);
  });
});
