import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { createService, createStaff, printOptions, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { placeWalkIn, walkInBody } from './support.ts';

/** Decision 039: a walk-in at rush hour, and a due time from the pages and the shop's printer speeds. */
describe.each(DATABASES)('walk-in at rush hour on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  let bw: Awaited<ReturnType<typeof createService>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    clerk = await createStaff(app, { name: 'Ramu' });
    bw = await createService(app, { priceSingleSide: 200, price: 200 }); // ₹2 a page
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a customer who waits needs no name or number: the order goes by its walk-in number, with no phone to call', async () => {
    const six = (customer: object) =>
      walkInBody(bw.id, 1200, {
        customer: customer as never,
        documents: [{ source: 'paper', pages: 1, options: printOptions(bw.id, { copies: 6 }) as never }],
      });
    const first = await placeWalkIn(app, clerk.headers, six({}));
    expect(first.statusCode, first.body).toBe(201);
    const second = await placeWalkIn(app, clerk.headers, six({ name: ' ', mobile: '' }));
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = [first.json().order, second.json().order];
    expect(a.customer_name).toMatch(/^Walk-in \d+$/);
    expect(Number(b.customer_name.split(' ')[1])).toBe(Number(a.customer_name.split(' ')[1]) + 1);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, a.id));
    expect(row).toMatchObject({ mobileNumber: '', customerWaiting: true, pickupCode: null });
    const card = (
      await app.inject({ method: 'GET', url: `/api/staff/orders?search=${a.order_number}`, headers: clerk.headers })
    ).json()[0];
    expect(card).toMatchObject({ customer_name: a.customer_name, customer_phone: '', whatsapp_url: null });

    // Coming back later, or asking for WhatsApp: a name and a number, said where they go.
    const later = await placeWalkIn(app, clerk.headers, { ...six({}), pickup: 'later' });
    expect(later.statusCode).toBe(400);
    expect(later.json().fields).toMatchObject({
      'customer.name': 'Type the customer’s name: they come back for the order',
      'customer.mobile': 'Type the customer’s mobile number: they come back for the order',
    });
    const whatsapp = await placeWalkIn(app, clerk.headers, { ...six({ name: 'Padma' }), whatsappUpdates: true });
    expect(whatsapp.json().fields).toMatchObject({
      'customer.mobile': 'Type the mobile number the WhatsApp updates go to',
    });
  });

  it('promises a waiting customer the minute, at the speeds the admin set per printer role', async () => {
    const minutesFor = async (copies: number) => {
      const res = await placeWalkIn(
        app,
        clerk.headers,
        walkInBody(bw.id, copies * 200, {
          documents: [{ source: 'paper', pages: 1, options: printOptions(bw.id, { copies }) as never }],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, res.json().order.id));
      return row!;
    };
    // 60 pages: 2 minutes of handling + 3 at the default 20 a minute, to the minute (not the quarter hour).
    const defaults = await minutesFor(60);
    expect(defaults.readyBy!.getUTCSeconds()).toBe(0);

    const adminHeaders = (await signInAdmin(app)).headers;
    const set = await app.inject({
      method: 'PUT',
      url: '/api/admin/print/speeds',
      headers: adminHeaders,
      payload: { bw_a4: 60, color_a4: 10, a3: 8, pvc: 2 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/print/speeds', headers: adminHeaders })).json()).toEqual(
      { bw_a4: 60, color_a4: 10, a3: 8, pvc: 2 },
    );
    // At 60 a minute the same pages take 1 minute: promised 2 minutes sooner (a minute either way if the clock's
    // minute turned between the two orders; outside the shop's hours both move to the next morning, 2 minutes apart).
    const faster = await minutesFor(60);
    const sooner = (defaults.readyBy!.getTime() - faster.readyBy!.getTime()) / 60_000;
    expect(sooner).toBeGreaterThanOrEqual(1);
    expect(sooner).toBeLessThanOrEqual(2);

    // Nonsense is refused and changes nothing; the counter cannot set them.
    for (const bad of [
      { bw_a4: 0, color_a4: 10, a3: 8, pvc: 2 },
      { bw_a4: 2.5, color_a4: 10, a3: 8, pvc: 2 },
      { bw_a4: 60 },
      { bw_a4: '60', color_a4: 10, a3: 8, pvc: 2 },
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/admin/print/speeds',
        headers: adminHeaders,
        payload: bad,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/admin/print/speeds',
          headers: clerk.headers,
          payload: { bw_a4: 60, color_a4: 10, a3: 8, pvc: 2 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/print/speeds', headers: adminHeaders })).json().bw_a4,
    ).toBe(60);
  });
});
