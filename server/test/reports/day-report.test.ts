import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, signInAdmin } from '../factories/index.ts';
import { paidOrdersBetween } from '../../src/modules/reports/reports.repository.ts';
import { parseCsv } from '../helpers/csv-parse.ts';

const DAY = '2025-03-14';
/** An instant given in IST wall-clock time. */
const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

describe.each(DATABASES)('day report and orders CSV on %s', (db) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let made: Array<Awaited<ReturnType<typeof createPaidOrder>>>;

  beforeAll(async () => {
    app = await createTestApp({ db });
    admin = await signInAdmin(app);
    const ravi = await createCustomer(app, { name: 'Ravi, Kumar "RK"' });
    const sly = await createCustomer(app, { name: '=HYPERLINK("http://evil.example","Padma")' });
    const order = (userId: number, paidAt: Date, o: Parameters<typeof createPaidOrder>[2] = {}) =>
      createPaidOrder(app, userId, { paidAt, createdAt: paidAt, ...o });
    made = [
      // On the day: the first minute, a busy 9 o'clock, the evening and its last minute.
      await order(ravi.record.id, ist(DAY, '00:00:30'), { deliveryType: 'pickup', copies: 2 }),
      await order(ravi.record.id, ist(DAY, '09:15:00'), { status: 'collected', deliveryType: 'pickup' }),
      await order(sly.record.id, ist(DAY, '09:45:00'), {
        paymentMethod: 'cash',
        deliveryType: 'pickup',
        pageCount: 10,
        copies: 3,
        totalCost: 6000,
        subtotal: 6000,
        totalAmount: 6000,
        serviceName: 'Black & White Legal Bond',
      }),
      await order(sly.record.id, ist(DAY, '17:30:00'), {
        status: 'delivered',
        discountAmount: 300,
        totalCost: 7300,
        totalAmount: 10300,
      }),
      await order(ravi.record.id, ist(DAY, '23:59:30'), { paymentMethod: 'upi_counter', deliveryType: 'pickup' }),
    ];
    // Not on the day: a second before midnight IST the evening before (18:29:59 UTC), and midnight IST the day after.
    await order(ravi.record.id, new Date(ist(DAY, '00:00:00').getTime() - 1000));
    await order(ravi.record.id, ist('2025-03-15', '00:00:00'));
    // A draft awaiting payment created that day is not a sale.
    await createPaidOrder(app, ravi.record.id, {
      status: 'pending_payment',
      paymentStatus: 'pending',
      paidAt: null,
      createdAt: ist(DAY, '11:00:00'),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("adds up the day's paid orders in IST: count, pages × copies, money by payment method, busiest hours", async () => {
    const res = await app.inject({ method: 'GET', url: `/api/admin/reports/day?date=${DAY}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const rupees = (p: number) => p / 100;
    const sum = (f: (o: (typeof made)[number]) => number) => made.reduce((a, o) => a + f(o), 0);
    expect(r.date).toBe(DAY);
    expect(r.orders).toBe(5);
    expect(r.pickupOrders).toBe(4);
    expect(r.deliveryOrders).toBe(1);
    expect(r.pagesPrinted).toBe(sum((o) => o.document.printedPages * o.document.copies));
    expect(r.pagesPrinted).toBe(38 * 2 + 38 + 10 * 3 + 38 + 38);
    expect(r.revenue).toBe(rupees(sum((o) => o.totalAmount)));
    expect(r.deliveryCharges).toBe(30);
    expect(r.discounts).toBe(3);
    // What was printed and bound, less the discounts, plus delivery: what was paid.
    expect(r.printingAndBinding).toBe(rupees(sum((o) => o.subtotal)));
    expect(Math.round((r.printingAndBinding - r.discounts + r.deliveryCharges) * 100)).toBe(
      Math.round(r.revenue * 100),
    );
    expect(r.byPaymentMethod).toEqual([
      { method: 'online', label: 'Online (Razorpay)', orders: 3, amount: rupees(15200 + 7600 + 10300) },
      { method: 'cash', label: 'Cash at the counter', orders: 1, amount: 60 },
      { method: 'upi_counter', label: 'UPI at the counter', orders: 1, amount: 76 },
    ]);
    expect(r.byHour).toHaveLength(24);
    expect(r.byHour[0]).toBe(1);
    expect(r.byHour[9]).toBe(2);
    expect(r.byHour[17]).toBe(1);
    expect(r.byHour[23]).toBe(1);
    expect(r.byHour.reduce((a: number, b: number) => a + b, 0)).toBe(5);
    expect(r.stillOpen).toBe(3);
    expect(r.byService).toEqual([
      {
        serviceName: made[0]!.document.serviceName,
        orders: 4,
        documents: 4,
        pages: 38 * 2 + 38 * 3,
        amount: rupees(15200 + 7600 * 3),
      },
      { serviceName: 'Black & White Legal Bond', orders: 1, documents: 1, pages: 30, amount: 60 },
    ]);
    expect(r.refunds).toEqual({ count: 0, amount: 0 });

    // A quiet day is all zeros, not an error.
    const quiet = (
      await app.inject({ method: 'GET', url: '/api/admin/reports/day?date=2024-07-01', headers: admin.headers })
    ).json();
    expect(quiet.orders).toBe(0);
    expect(quiet.revenue).toBe(0);
    expect(quiet.byHour).toEqual(Array(24).fill(0));
  });

  it('refuses a day that is not a date with a plain message', async () => {
    for (const date of ['2025-02-30', '14-03-2025', "2025-03-14' or 1=1--", '', '1899-12-31']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/admin/reports/day?date=${encodeURIComponent(date)}`,
        headers: admin.headers,
      });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toMatch(/date such as 2026-11-24|Choose a day/);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/reports/day', headers: admin.headers })).statusCode,
    ).toBe(400);
  });

  it('exports the range as CSV for a spreadsheet: IST dates, plain amounts, quoted commas, formulas disarmed', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/orders.csv?from=${DAY}&to=${DAY}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${DAY}-to-${DAY}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header![0]).toBe('Order number');
    expect(rows.map((r) => r[0])).toEqual(made.map((o) => o.orderNumber));
    expect(rows.map((r) => r[1])).toEqual([
      '14/03/2025 00:00',
      '14/03/2025 09:15',
      '14/03/2025 09:45',
      '14/03/2025 17:30',
      '14/03/2025 23:59',
    ]);
    expect(rows[0]![2]).toBe('Ravi, Kumar "RK"');
    expect(rows[2]![2]).toBe(`'=HYPERLINK("http://evil.example","Padma")`);
    // One line per document: its service, what it printed (pages, copies, pages × copies), its money.
    expect(rows[2]!.slice(8, 16)).toEqual([
      '1 of 1',
      'notes-a4-38p.pdf',
      'Black & White Legal Bond',
      'B&W',
      '10 pages',
      '3',
      '30',
      'Single',
    ]);
    expect(rows[2]![6]).toBe('Cash at the counter');
    expect(rows[3]!.slice(16)).toEqual(['76.00', '0.00', '3.00', '30.00', '103.00']);
    // Two days: the evening-before order is still out, the next day's midnight order is in.
    const two = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/orders.csv?from=${DAY}&to=2025-03-15`,
      headers: admin.headers,
    });
    expect(parseCsv(two.body.slice(1))).toHaveLength(1 + 6);
  });

  it('refuses a CSV range that is backwards or longer than a year', async () => {
    const get = (q: string) =>
      app.inject({ method: 'GET', url: `/api/admin/reports/orders.csv?${q}`, headers: admin.headers });
    const backwards = await get('from=2025-03-14&to=2025-03-13');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The last day must be on or after the first day');
    const long = await get('from=2024-01-01&to=2025-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 366 days/);
    expect((await get('from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('reads a range in batches without skipping or repeating orders paid at the same instant', async () => {
    const customer = await createCustomer(app, { name: 'Batch' });
    const at = ist('2024-05-05', '10:00:00');
    const same = [];
    for (let i = 0; i < 5; i++) same.push((await createPaidOrder(app, customer.record.id, { paidAt: at })).orderNumber);
    const seen: string[] = [];
    for await (const row of paidOrdersBetween(
      app.ctx.db,
      ist('2024-05-05', '00:00:00'),
      ist('2024-05-06', '00:00:00'),
      2,
    ))
      seen.push(row.orderNumber);
    expect(seen).toEqual(same);
  });
});
