import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff } from '../factories/index.ts';

/** The counter works the queue oldest first, finds an order by number, name or phone, and sees counts on its chips. */
describe.each(DATABASES)('the counter queue on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  const made: Array<{ id: number; orderNumber: string }> = [];
  beforeAll(async () => {
    app = await createTestApp({ db });
    clerk = await createStaff(app);
    const kavya = await createCustomer(app, { name: 'Kavya Sri' });
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 4; i++) {
      const at = new Date(base + i * 60_000);
      made.push(await createPaidOrder(app, kavya.record.id, { createdAt: at, paidAt: at, mobileNumber: `98480${String(11110 + i)}`, deliveryType: i % 2 ? 'delivery' : 'pickup', status: i === 3 ? 'processing' : 'unvisited' }));
    }
    await createPaidOrder(app, kavya.record.id, { status: 'pending_payment', paymentStatus: 'pending', paidAt: null });
  });
  afterAll(async () => {
    await app?.close();
  });

  const list = async (q: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/staff/orders?${q}`, headers: clerk.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ order_number: string }>).map((o) => o.order_number).filter((n) => made.some((m) => m.orderNumber === n));
  };

  it('sorts the new orders oldest first on request, newest first otherwise', async () => {
    const newOnes = made.slice(0, 3).map((m) => m.orderNumber);
    expect(await list('status=new&sort=oldest')).toEqual(newOnes);
    expect(await list('status=new')).toEqual([...newOnes].reverse());
    expect(await list('status=new&sort=sideways')).toEqual([...newOnes].reverse()); // a bad value falls back
  });

  it('finds an order by its number, the customer name or the phone as typed', async () => {
    expect(await list(`search=${made[2]!.orderNumber}`)).toEqual([made[2]!.orderNumber]);
    expect(await list('search=kavya&sort=oldest')).toEqual(made.map((m) => m.orderNumber));
    expect(await list('search=9848011112')).toEqual([made[2]!.orderNumber]);
  });

  it('counts the chips: paid orders by status and by delivery type, never drafts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/staff/orders/counts', headers: clerk.headers });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ all: 4, unvisited: 3, visited: 0, processing: 1, completed: 0 });
    expect(c.delivery + c.pickup).toBe(4);
    const customer = await createCustomer(app);
    expect((await app.inject({ method: 'GET', url: '/api/staff/orders/counts', headers: customer.headers })).statusCode).toBe(403);
  });
});
