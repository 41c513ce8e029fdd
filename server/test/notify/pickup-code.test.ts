import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES, readOutbox } from '../helpers/app.ts';
import { PICKUP_MESSAGES, PICKUP_NOTES } from '@shop/shared/pickup/schemas';
import { createCustomer, createPaidOrder, createStaff, signInAdmin } from '../factories/index.ts';
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
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}/pickup`,
      headers: customer.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(order.pickupCode);
    expect(res.json().qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    await app.ctx.notifier.settle();
    const mail = readOutbox(app.dataDir).find(
      (m) => m.includes(`To: ${customer.record.email}\r\n`) && m.includes(`Order ${order.orderNumber} placed`),
    );
    expect(mail).toContain(`Your pickup code: ${order.pickupCode}`);
    // The code is the customer's: the order's details for staff do not carry it, and staff cannot read it.
    const clerk = await createStaff(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/pickup`, headers: clerk.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: clerk.headers })).body,
    ).not.toContain(order.pickupCode!);
    const stranger = await createCustomer(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/pickup`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
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

    const ok = await collect(
      order.orderNumber,
      `${order.pickupCode!.slice(0, 3)} ${order.pickupCode!.slice(3)}`,
      clerk.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('collected');
    expect((await collect(order.id, order.pickupCode, clerk.headers)).statusCode).toBe(409);
  });

  /** A paid pickup order with a known code, straight in the database (many are needed below). */
  async function codedOrder(code = '482913') {
    const owner = await createCustomer(app);
    return { owner, order: await createPaidOrder(app, owner.record.id, { deliveryType: 'pickup', pickupCode: code }) };
  }
  const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  const statusOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
  const patch = (id: number, body: object, headers: Record<string, string>, scope: 'staff' | 'admin') =>
    app.inject({ method: 'PATCH', url: `/api/${scope}/orders/${id}/status`, headers, payload: body });

  it('binds the counter: a clerk cannot mark a coded pickup order collected without the code; the admin can, with a reason on the timeline (decision 033)', async () => {
    const { owner, order } = await codedOrder();
    const clerk = await createStaff(app);
    const admin = await signInAdmin(app);
    const refused = await patch(order.id, { status: 'collected' }, clerk.headers, 'staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'pickup_code_required', message: PICKUP_MESSAGES.codeRequired });
    // A reason does not turn a clerk into the admin, and the admin's own counter route asks for one too.
    expect(
      (await patch(order.id, { status: 'collected', reason: 'Customer lost the phone' }, clerk.headers, 'staff'))
        .statusCode,
    ).toBe(403);
    const noReason = await patch(order.id, { status: 'collected' }, admin.headers, 'admin');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      code: 'pickup_code_required',
      fields: { reason: PICKUP_MESSAGES.reasonRequired },
    });
    expect((await patch(order.id, { status: 'collected' }, admin.headers, 'staff')).statusCode).toBe(400);
    const tooShort = await patch(order.id, { status: 'collected', reason: ' ok ' }, admin.headers, 'admin');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields.reason).toBe(PICKUP_MESSAGES.reasonShort);
    expect(await statusOf(order.id)).toBe('unvisited');
    // Other statuses stay free, for clerks too.
    expect((await patch(order.id, { status: 'completed' }, clerk.headers, 'staff')).statusCode).toBe(200);

    const reason = 'Father Ramesh collected it, showed Aadhaar ending 4321; customer phoned to say so';
    const ok = await patch(order.id, { status: 'collected', reason }, admin.headers, 'admin');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('collected');
    const tracking = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}`,
      headers: owner.headers,
    });
    expect(tracking.json().timeline.at(-1)).toMatchObject({
      from_status: 'completed',
      to_status: 'collected',
      actor_kind: 'admin',
      note: PICKUP_NOTES.handedOver(reason),
    });
  });

  it('an order without a code (the customer waited at the counter) is still marked collected from its status', async () => {
    const owner = await createCustomer(app);
    const order = await createPaidOrder(app, owner.record.id, { deliveryType: 'pickup', pickupCode: null });
    const clerk = await createStaff(app);
    expect((await patch(order.id, { status: 'collected' }, clerk.headers, 'staff')).statusCode).toBe(200);
  });

  it("a stranger's five wrong tries do not lock the real customer out; the timeline says the code was used", async () => {
    const { owner, order } = await codedOrder('507310');
    const clerk = await createStaff(app);
    for (let i = 0; i < 5; i++)
      expect((await collect(order.id, wrongFor('507310', i), clerk.headers)).statusCode).toBe(400);
    const ok = await collect(order.id, '507310', clerk.headers);
    expect(ok.statusCode).toBe(200);
    const tracking = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}`,
      headers: owner.headers,
    });
    expect(tracking.json().timeline.at(-1)).toMatchObject({
      to_status: 'collected',
      actor_kind: 'staff',
      note: PICKUP_NOTES.withCode,
    });
  });

  it('per order: after 20 wrong codes from any clerks even the right one waits (a code cannot be guessed); the admin hands it over', async () => {
    const { order } = await codedOrder('120034');
    const clerks = await Promise.all([createStaff(app), createStaff(app), createStaff(app)]);
    let tried = 0;
    for (const clerk of clerks) {
      for (let i = 0; i < 7 && tried < 20; i++, tried++)
        expect((await collect(order.id, wrongFor('120034', tried), clerk.headers)).statusCode).toBe(400);
    }
    const fresh = await createStaff(app);
    const waiting = await collect(order.id, '120034', fresh.headers);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('too_many_pickup_tries');
    expect(waiting.json().message).toMatch(
      /^Too many wrong codes for this order\. Try again in .+, or ask the admin to hand it over without the code\.$/,
    );
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await statusOf(order.id)).toBe('unvisited');
    // The refused try did not count against the fresh clerk.
    const other = await codedOrder('990001');
    expect((await collect(other.order.id, '990001', fresh.headers)).statusCode).toBe(200);
    const admin = await signInAdmin(app);
    expect(
      (
        await patch(
          order.id,
          { status: 'collected', reason: 'Code locked after wrong tries; customer showed the order mail and ID' },
          admin.headers,
          'admin',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('per clerk: 10 wrong codes across orders, then that clerk waits (even with a right code); another clerk does not', async () => {
    const clerk = await createStaff(app);
    const a = await codedOrder('314159');
    const b = await codedOrder('271828');
    for (let i = 0; i < 5; i++) {
      expect((await collect(a.order.id, wrongFor('314159', i), clerk.headers)).statusCode).toBe(400);
      expect((await collect(b.order.id, wrongFor('271828', i), clerk.headers)).statusCode).toBe(400);
    }
    const c = await codedOrder('161803');
    const waiting = await collect(c.order.id, '161803', clerk.headers);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(
      /^You have typed too many wrong pickup codes\. Try again in .+, or ask another clerk or the admin\.$/,
    );
    expect(await statusOf(c.order.id)).toBe('unvisited');
    const colleague = await createStaff(app);
    expect((await collect(c.order.id, '161803', colleague.headers)).statusCode).toBe(200);
    expect((await collect(a.order.id, '314159', colleague.headers)).statusCode).toBe(200);
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
