import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff } from '../factories/index.ts';

/** The counter works the queue oldest first, finds an order by number, name or phone, and sees counts on its chips. */
describe.each(DATABASES)('the counter queue on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  const made: Array<{ id: number; orderNumber: string }> = [];
  const handedOver: Array<{ id: number; orderNumber: string }> = [];
  const waiting: Array<{ id: number; orderNumber: string }> = [];
  const ready: Array<{ id: number; orderNumber: string }> = [];
  beforeAll(async () => {
    app = await createTestApp({ db });
    clerk = await createStaff(app);
    const kavya = await createCustomer(app, { name: 'Kavya Sri' });
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 4; i++) {
      const at = new Date(base + i * 60_000);
      made.push(
        await createPaidOrder(app, kavya.record.id, {
          createdAt: at,
          paidAt: at,
          mobileNumber: `98480${String(11110 + i)}`,
          deliveryType: i % 2 ? 'delivery' : 'pickup',
          status: i === 3 ? 'processing' : 'unvisited',
        }),
      );
    }
    await createPaidOrder(app, kavya.record.id, { status: 'pending_payment', paymentStatus: 'pending', paidAt: null });
    // A walk-in whose customer stands at the counter, the latest of all: served first.
    waiting.push(
      await createPaidOrder(app, kavya.record.id, {
        customerWaiting: true,
        origin: 'counter',
        paymentMethod: 'cash',
        deliveryType: 'pickup',
      }),
    );
    // Printed two days ago and waiting to be collected: after the new and the processing ones.
    const twoDaysAgo = new Date(base - 2 * 24 * 60 * 60_000);
    ready.push(
      await createPaidOrder(app, kavya.record.id, {
        createdAt: twoDaysAgo,
        paidAt: twoDaysAgo,
        status: 'completed',
        deliveryType: 'pickup',
      }),
    );
    // Handed over long ago, and yesterday: done with, they follow the work still to do.
    for (const [days, status] of [
      [40, 'collected'],
      [1, 'delivered'],
    ] as const) {
      const at = new Date(base - days * 24 * 60 * 60_000);
      handedOver.push(
        await createPaidOrder(app, kavya.record.id, {
          createdAt: at,
          paidAt: at,
          status,
          deliveryType: status === 'collected' ? 'pickup' : 'delivery',
        }),
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const list = async (q: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/staff/orders?${q}`, headers: clerk.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ order_number: string }>)
      .map((o) => o.order_number)
      .filter((n) => [...made, ...handedOver, ...waiting, ...ready].some((m) => m.orderNumber === n));
  };

  it('puts the work still to do first (a customer at the counter, then new, processing and ready orders, each longest waiting first), and the handed-over orders after it, latest first', async () => {
    const queue = [
      waiting[0]!.orderNumber,
      ...made.map((m) => m.orderNumber),
      ready[0]!.orderNumber,
      handedOver[1]!.orderNumber,
      handedOver[0]!.orderNumber,
    ];
    expect(await list('sort=oldest')).toEqual(queue);
    expect(await list('status=all&sort=oldest&search=kavya')).toEqual(queue);
    // Page by page the same queue, nothing lost or repeated where the two parts meet.
    const paged = [];
    for (let offset = 0; offset < 9; offset += 2)
      paged.push(...(await list(`sort=oldest&search=kavya&limit=2&offset=${offset}`)));
    expect(paged).toEqual(queue);
    const res = await app.inject({
      method: 'GET',
      url: '/api/staff/orders?sort=oldest&search=kavya&limit=2&offset=2',
      headers: clerk.headers,
    });
    expect(res.headers['x-total-count']).toBe('8');
  });

  it('sorts the new orders oldest first on request, newest first otherwise', async () => {
    const newOnes = [...made.slice(0, 3), ...waiting].map((m) => m.orderNumber);
    expect(await list('status=new&sort=oldest')).toEqual(newOnes);
    expect(await list('status=new')).toEqual([...newOnes].reverse());
    expect(await list('status=new&sort=sideways')).toEqual([...newOnes].reverse()); // a bad value falls back
  });

  it('finds an order by its number, the customer name or the phone as typed', async () => {
    expect(await list(`search=${made[2]!.orderNumber}`)).toEqual([made[2]!.orderNumber]);
    expect(await list('search=kavya&sort=oldest&status=unvisited')).toEqual(
      [...made.slice(0, 3), ...waiting].map((m) => m.orderNumber),
    );
    expect(await list('search=9848011112')).toEqual([made[2]!.orderNumber]);
  });

  it('counts the chips: paid orders by status and by delivery type, never drafts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/staff/orders/counts', headers: clerk.headers });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ all: 8, unvisited: 4, visited: 0, processing: 1, completed: 1 });
    expect(c.delivery + c.pickup).toBe(8);
    const customer = await createCustomer(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/staff/orders/counts', headers: customer.headers })).statusCode,
    ).toBe(403);
  });
});
