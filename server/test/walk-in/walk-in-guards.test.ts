import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDayOf } from '@shop/shared/reports/schemas';
import { MAX_PAPER_PAGES, WALK_IN_MESSAGES } from '@shop/shared/walk-in/schemas';
import { orders, services } from '../../src/db/schema/index.ts';
import {
  createCustomer,
  createPaidOrder,
  createService,
  createStaff,
  createUploadedFile,
  printOptions,
  signInAdmin,
} from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { counterUpload, placeWalkIn, walkInBody } from './support.ts';

/** Walk-in orders: who may take them, what the server refuses whatever the client sends, and the day report's sums. */
describe.each(DATABASES)('walk-in order guards on %s', (db) => {
  let app: TestApp;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  let bw: Awaited<ReturnType<typeof createService>>;
  const orderCount = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
  beforeAll(async () => {
    app = await createTestApp({ db });
    clerk = await createStaff(app, { name: 'Lakshmi' });
    bw = await createService(app); // ₹5 a page single, ₹8 a sheet double
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is for staff and the admin: a customer is refused, and a clerk uses only their own counter uploads', async () => {
    const customer = await createCustomer(app);
    const before = await orderCount();
    expect((await placeWalkIn(app, customer.headers, walkInBody(bw.id, 12000))).statusCode).toBe(403);
    expect((await counterUpload(app, customer.headers)).statusCode).toBe(403);
    expect((await placeWalkIn(app, {}, walkInBody(bw.id, 12000))).statusCode).toBe(401);
    expect(await orderCount()).toBe(before);

    // The admin can take one too, with the admin's own upload.
    const admin = await signInAdmin(app);
    const mine = await counterUpload(app, admin.headers, 'report-a4-26p.pdf');
    expect(mine.statusCode, mine.body).toBe(201);
    const byAdmin = await placeWalkIn(
      app,
      admin.headers,
      walkInBody(bw.id, 13000, {
        documents: [{ source: 'upload', fileId: mine.json().file.id, options: printOptions(bw.id) as never }],
      }),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);

    // Another clerk's upload, or a customer's file, is not found for this clerk.
    const other = await createStaff(app, { name: 'Suresh' });
    const theirs = await counterUpload(app, other.headers);
    const customerFile = await createUploadedFile(app, customer.record.id);
    for (const fileId of [theirs.json().file.id, customerFile.id, mine.json().file.id]) {
      const res = await placeWalkIn(
        app,
        clerk.headers,
        walkInBody(bw.id, 19000, { documents: [{ source: 'upload', fileId, options: printOptions(bw.id) as never }] }),
      );
      expect(res.statusCode, fileId).toBe(404);
      expect(res.json().message).toBe('File not found. Upload it again.');
    }
  });

  it('never trusts the client: a changed total, a print the service does not offer, pages outside the file, too much of anything are refused and nothing is written', async () => {
    const upload = (await counterUpload(app, clerk.headers)).json();
    const fileDoc = (over: Record<string, unknown> = {}, pageRange?: string) => [
      {
        source: 'upload' as const,
        fileId: upload.file.id,
        options: printOptions(bw.id, over) as never,
        ...(pageRange ? { pageRange } : {}),
      },
    ];
    const before = await orderCount();
    const refusals: Array<[string, unknown, number, RegExp | string]> = [
      [
        'a lower total than the price',
        walkInBody(bw.id, 11900),
        409,
        'The price has changed. Please review the new price before paying.',
      ],
      [
        'colour asked of a black & white service',
        walkInBody(bw.id, 12000, { documents: fileDoc({ printingType: 'color' }) }),
        400,
        /prints Black & White on A4/,
      ],
      [
        'a page the file does not have',
        walkInBody(bw.id, 1000, { documents: fileDoc({}, '37-40') }),
        400,
        /has 38 pages, so page 40 is not in it/,
      ],
      [
        '1,001 copies',
        walkInBody(bw.id, 12000, { documents: fileDoc({ copies: 1001 }) }),
        400,
        'Copies can be at most 1000',
      ],
      [
        'a paper original of too many pages',
        walkInBody(bw.id, 12000, {
          documents: [{ source: 'paper', pages: MAX_PAPER_PAGES + 1, options: printOptions(bw.id) as never }],
        }),
        400,
        WALK_IN_MESSAGES.paperPages,
      ],
      [
        'money not confirmed as received',
        { ...walkInBody(bw.id, 12000), payment: { method: 'cash', received: false } },
        400,
        WALK_IN_MESSAGES.received,
      ],
      [
        'an online payment method',
        { ...walkInBody(bw.id, 12000), payment: { method: 'online', received: true } },
        400,
        WALK_IN_MESSAGES.method,
      ],
      ['a service that does not exist', walkInBody(999_999, 12000), 404, 'Service not found'],
      ['a list instead of an order', [], 400, /./],
    ];
    for (const [what, body, status, message] of refusals) {
      const res = await placeWalkIn(app, clerk.headers, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().message, what).toMatch(message);
    }
    const changed = await placeWalkIn(app, clerk.headers, walkInBody(bw.id, 11900));
    expect(changed.json()).toMatchObject({ code: 'price_changed', expectedAmount: 12000 });

    // A service switched off since the form loaded is refused too.
    const off = await createService(app, { name: 'Old B/W A4', isActive: false });
    expect((await placeWalkIn(app, clerk.headers, walkInBody(off.id, 12000))).statusCode).toBe(404);

    // More than one counter sale may be: the server's own total decides, not one the client makes up.
    const huge = walkInBody(bw.id, 0, {
      documents: Array.from({ length: 20 }, () => ({
        source: 'paper' as const,
        pages: MAX_PAPER_PAGES,
        options: printOptions(bw.id, { copies: 1000 }) as never,
      })),
    });
    const priced = await placeWalkIn(app, clerk.headers, huge);
    expect(priced.statusCode).toBe(409);
    const tooLarge = await placeWalkIn(app, clerk.headers, { ...huge, amount: priced.json().expectedAmount });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe(WALK_IN_MESSAGES.tooLarge);
    expect(await orderCount()).toBe(before);

    // Figures the client adds are ignored: the stored total is the server's.
    const res = await placeWalkIn(app, clerk.headers, {
      ...walkInBody(bw.id, 12000),
      totalAmount: 1,
      discountAmount: 11999,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect([row!.totalAmount, row!.discountAmount]).toEqual([12000, 0]);
  });

  it("counts in the day report by how it was paid: cash, counter UPI and online add up to the day's takings", async () => {
    const admin = await signInAdmin(app);
    const today = istDayOf(new Date());
    const report = async () =>
      (await app.inject({ method: 'GET', url: `/api/admin/reports/day?date=${today}`, headers: admin.headers })).json();
    const start = await report();
    const byMethod = (r: { byPaymentMethod: Array<{ method: string; orders: number; amount: number }> }, m: string) =>
      r.byPaymentMethod.find((x) => x.method === m)!;

    const take = async (method: 'cash' | 'upi_counter', copies: number) => {
      const amount = 12 * copies * 500;
      const res = await placeWalkIn(
        app,
        clerk.headers,
        walkInBody(bw.id, amount, {
          documents: [{ source: 'paper', pages: 12, options: printOptions(bw.id, { copies }) as never }],
          payment: { method, received: true },
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return amount;
    };
    const cash = (await take('cash', 1)) + (await take('cash', 3));
    const upi = await take('upi_counter', 2);
    const customer = await createCustomer(app);
    const online = await createPaidOrder(app, customer.record.id, { deliveryType: 'pickup' });

    const end = await report();
    expect(byMethod(end, 'cash').orders - byMethod(start, 'cash').orders).toBe(2);
    expect(Math.round((byMethod(end, 'cash').amount - byMethod(start, 'cash').amount) * 100)).toBe(cash);
    expect(byMethod(end, 'upi_counter').orders - byMethod(start, 'upi_counter').orders).toBe(1);
    expect(Math.round((byMethod(end, 'upi_counter').amount - byMethod(start, 'upi_counter').amount) * 100)).toBe(upi);
    expect(Math.round((byMethod(end, 'online').amount - byMethod(start, 'online').amount) * 100)).toBe(
      online.totalAmount,
    );
    // The rows add up to the day's revenue, which is the sum of the day's paid orders.
    const methodsTotal = end.byPaymentMethod.reduce(
      (a: number, m: { amount: number }) => a + Math.round(m.amount * 100),
      0,
    );
    expect(methodsTotal).toBe(Math.round(end.revenue * 100));
    const [paid] = await app.ctx.db
      .select({ sum: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint` })
      .from(orders)
      .where(
        sql`${orders.paidAt} >= ${`${today}T00:00:00+05:30`}::timestamptz and ${orders.paidAt} < (${`${today}T00:00:00+05:30`}::timestamptz + interval '1 day')`,
      );
    expect(Number(paid!.sum)).toBe(Math.round(end.revenue * 100));

    // The CSV names the method in the shop's words.
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/orders.csv?from=${today}&to=${today}`,
      headers: admin.headers,
    });
    expect(csv.body).toContain('Cash at the counter');
    expect(csv.body).toContain('UPI at the counter');
    // Services switched off later do not change what was sold.
    await app.ctx.db.update(services).set({ isActive: false }).where(eq(services.id, bw.id));
    expect((await report()).revenue).toBe(end.revenue);
  });
});
