import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES, readOutbox } from '../helpers/app.ts';
import { createCustomer, createStaff, signInAdmin } from '../factories/index.ts';
import { placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

describe.each(DATABASES)('pickup codes on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function paidPickup() {
    const { customer, service, file } = await setupCustomerWithFile(app, 10);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    return { customer, order: row! };
  }
  const collect = (ref: string | number, code: unknown, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/staff/orders/${ref}/collect`, headers, payload: { code } });

  it('a pickup order gets a 6-digit code at payment, shown to its customer (with a QR code) and in the confirmation mail', async () => {
    const { customer, order } = await paidPickup();
    expect(order.pickupCode).toMatch(/^\d{6}$/);
    const res = await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/pickup`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(order.pickupCode);
    expect(res.json().qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    await app.ctx.notifier.settle();
    const mail = readOutbox(app.dataDir).find((m) => m.includes(`To: ${customer.record.email}\r\n`) && m.includes(`Order ${order.orderNumber} placed`));
    expect(mail).toContain(`Your pickup code: ${order.pickupCode}`);
    // The code is the customer's: the order's details for staff do not carry it, and staff cannot read it.
    const clerk = await createStaff(app);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/pickup`, headers: clerk.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: clerk.headers })).body).not.toContain(order.pickupCode!);
    const stranger = await createCustomer(app);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/pickup`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('the counter marks it collected with the right code; a wrong code is refused and changes nothing', async () => {
    const { order } = await paidPickup();
    const clerk = await createStaff(app);
    const wrong = String((Number(order.pickupCode) + 1) % 1_000_000).padStart(6, '0');
    const refused = await collect(order.id, wrong, clerk.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('That is not this order’s pickup code. Check it with the customer.');
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('unvisited');
    const bad = await collect(order.id, '12ab', clerk.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/6-digit pickup code/);

    const ok = await collect(order.orderNumber, `${order.pickupCode!.slice(0, 3)} ${order.pickupCode!.slice(3)}`, clerk.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('collected');
    expect((await collect(order.id, order.pickupCode, clerk.headers)).statusCode).toBe(409);
  });

  it('cannot be guessed: after 5 wrong tries the order refuses more for a while, even the right code', async () => {
    const { order } = await paidPickup();
    const admin = await signInAdmin(app);
    let last;
    for (let i = 0; i < 6; i++) last = await collect(order.id, String((Number(order.pickupCode) + 1 + i) % 1_000_000).padStart(6, '0'), admin.headers);
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
    expect((await collect(order.id, order.pickupCode, admin.headers)).statusCode).toBe(429);
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('unvisited');
  });

  it('home delivery orders have no code, and customers cannot collect', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 4);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'delivery' });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    expect(row!.pickupCode).toBeNull();
    const clerk = await createStaff(app);
    expect((await collect(row!.id, '123456', clerk.headers)).json().message).toMatch(/home delivery order/);
    expect((await collect(row!.id, '123456', customer.headers)).statusCode).toBe(403);
  });
});
