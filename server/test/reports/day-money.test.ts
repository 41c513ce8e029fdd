import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, orders, refunds } from '../../src/db/schema/index.ts';
import { issueCreditNote, issueInvoiceInTx } from '../../src/modules/invoices/invoices.service.ts';
import { createCustomer, createPaidOrder, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { REGULAR_GST } from '../helpers/gst.ts';

/**
 * Decision 037: the day report's tax figures (taxable value, CGST, SGST, IGST of the documents issued that day,
 * credit notes subtracted), refunds by payment method, the cash that should be in the drawer, and the orders CSV with
 * the day's refunds. Everything at fixed instants, so no figure depends on when the test runs.
 */
const DAY = '2030-01-15';
const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

describe.each(DATABASES)('the day report’s tax, refunds and cash drawer on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const rupees = (p: number) => Math.round(p) / 100;

  beforeAll(async () => {
    app = await createTestApp({ db, env: REGULAR_GST });
    admin = await signInAdmin(app);
    const customer = await createCustomer(app, { name: 'Lakshmi' });
    const paid = async (at: Date, o: NonNullable<Parameters<typeof createPaidOrder>[2]>) => {
      const order = await createPaidOrder(app, customer.record.id, { paidAt: at, createdAt: at, ...o });
      await app.ctx.db.transaction((tx) => issueInvoiceInTx(tx, app.config, order, at));
      return order;
    };
    const yesterdayCash = await paid(ist('2030-01-14', '18:00:00'), {
      paymentMethod: 'cash',
      deliveryType: 'pickup',
      totalCost: 3000,
      subtotal: 3000,
      printingCost: 3000,
      totalAmount: 3000,
      deliveryCharge: 0,
    });
    const cash = await paid(ist(DAY, '10:00:00'), {
      paymentMethod: 'cash',
      deliveryType: 'pickup',
      totalCost: 20000,
      subtotal: 20000,
      printingCost: 20000,
      totalAmount: 20000,
      deliveryCharge: 0,
    });
    await paid(ist(DAY, '11:00:00'), {
      paymentMethod: 'upi_counter',
      deliveryType: 'pickup',
      totalCost: 15000,
      subtotal: 15000,
      printingCost: 15000,
      totalAmount: 15000,
      deliveryCharge: 0,
    });
    const online = await paid(ist(DAY, '12:00:00'), {});
    const refund = async (
      order: typeof orders.$inferSelect,
      amount: number,
      at: Date,
      status: 'processed' | 'failed',
      reason: string,
    ) => {
      await app.ctx.db.insert(refunds).values({
        orderId: order.id,
        provider: order.paymentMethod === 'online' ? 'sandbox' : 'counter',
        amount,
        reason,
        status,
        createdAt: at,
        providerRefundId: order.paymentMethod === 'online' ? `rfnd_${order.id}_${amount}` : null,
      });
      if (status !== 'failed') await issueCreditNote(app.ctx.db, app.config, order.id, amount, reason, at);
    };
    await refund(cash, 5000, ist(DAY, '15:00:00'), 'processed', 'Misprint');
    await refund(yesterdayCash, 3000, ist(DAY, '16:00:00'), 'processed', 'Not collected');
    await refund(online, 10000, ist(DAY, '17:00:00'), 'processed', 'Late delivery');
    await refund(online, 2000, ist(DAY, '17:30:00'), 'failed', 'Bank refused');
    // Two refunds of the day before that the customer's bank refused (decision 021), given back at the counter on
    // DAY: one in cash, one by UPI. Their refund and credit note belong to the day before; only the cash leaves DAY's
    // drawer.
    const earlier = await paid(ist('2030-01-14', '09:00:00'), {});
    for (const [amount, method, time] of [
      [2500, 'cash', '13:00:00'],
      [700, 'upi', '13:30:00'],
    ] as const) {
      await app.ctx.db.insert(refunds).values({
        orderId: earlier.id,
        provider: 'sandbox',
        amount,
        reason: 'Wrong colour',
        status: 'handed_back',
        createdAt: ist('2030-01-14', '17:00:00'),
        providerRefundId: `rfnd_${earlier.id}_${amount}`,
        handedBackAt: ist(DAY, time),
        handedBackMethod: method,
        handedBackBy: 'Admin',
      });
      await issueCreditNote(app.ctx.db, app.config, earlier.id, amount, 'Wrong colour', ist('2030-01-14', '17:00:00'));
    }
  });
  afterAll(async () => app?.close());

  it('shows the day’s taxable value and CGST/SGST/IGST from its documents, refunds by method and the cash in the drawer', async () => {
    const r = (
      await app.inject({ method: 'GET', url: `/api/admin/reports/day?date=${DAY}`, headers: admin.headers })
    ).json();
    const docs = (await app.ctx.db.select().from(invoices)).filter(
      (d) => d.issuedAt >= ist(DAY, '00:00:00') && d.issuedAt < ist('2030-01-16', '00:00:00'),
    );
    const net = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'grossPaise') =>
      docs.reduce((s, d) => s + (d.kind === 'credit_note' ? -1 : 1) * d[k], 0);
    expect(r.tax).toEqual({
      invoices: 3,
      creditNotes: 3,
      taxableValue: rupees(net('taxablePaise')),
      cgst: rupees(net('cgstPaise')),
      sgst: rupees(net('sgstPaise')),
      igst: 0,
      total: rupees(net('grossPaise')),
    });
    expect(r.tax.cgst).toBe(r.tax.sgst);
    expect(r.tax.total).toBe(200 + 150 + 106 - 50 - 30 - 100);
    expect(r.refundsByMethod).toEqual([
      { method: 'online', label: 'Online (Razorpay)', count: 1, amount: 100 },
      { method: 'cash', label: 'Cash at the counter', count: 2, amount: 80 },
      { method: 'upi_counter', label: 'UPI at the counter', count: 0, amount: 0 },
    ]);
    // ₹200 taken in cash that day, ₹50 + ₹30 refunded in cash that day (one for yesterday's order), and ₹25 of a
    // refund the bank refused given back in cash (the ₹7 went by UPI).
    expect(r.handedBack).toEqual({ count: 2, cash: 25, upi: 7 });
    expect(r.cashInDrawer).toBe(95);
    expect(r.refunds).toEqual({ count: 3, amount: 180 });
  });

  it('the orders CSV carries the day’s refunds after its orders, negative, so the column adds up to the money kept', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/orders.csv?from=${DAY}&to=${DAY}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    const col = (name: string) => rows[0]!.indexOf(name);
    const [status, method, paid] = [col('Status'), col('Payment method'), col('Amount (₹)')];
    const refundRows = rows.filter((r) => r[status]?.startsWith('Refund:'));
    expect(refundRows.map((r) => [r[1], r[status], r[method], r[paid]])).toEqual([
      ['15/01/2030 15:00', 'Refund: Misprint', 'Cash at the counter', '-50.00'],
      ['15/01/2030 16:00', 'Refund: Not collected', 'Cash at the counter', '-30.00'],
      ['15/01/2030 17:00', 'Refund: Late delivery', 'Online (Razorpay)', '-100.00'],
    ]);
    const [cashOrder] = await app.ctx.db
      .select()
      .from(orders)
      .where(eq(orders.paymentMethod, 'cash'))
      .orderBy(orders.paidAt);
    expect(refundRows[1]![0]).toBe(cashOrder!.orderNumber);
    const total = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[paid]) * 100), 0);
    expect(total).toBe(20000 + 15000 + 10600 - 5000 - 3000 - 10000);
  });

  it('the day before: the bank-refused refunds stand as refunds of their own day, and the CSV says how they were given back', async () => {
    const r = (
      await app.inject({ method: 'GET', url: '/api/admin/reports/day?date=2030-01-14', headers: admin.headers })
    ).json();
    expect(r.refundsByMethod[0]).toEqual({ method: 'online', label: 'Online (Razorpay)', count: 2, amount: 32 });
    expect(r.handedBack).toEqual({ count: 0, cash: 0, upi: 0 });
    // ₹30 taken in cash that day; nothing given back in cash that day.
    expect(r.cashInDrawer).toBe(30);

    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/reports/orders.csv?from=2030-01-14&to=2030-01-14',
      headers: admin.headers,
    });
    const lines = csv.body.split('\r\n').filter((l) => l.includes('Refund: Wrong colour'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Refund: Wrong colour (refused by the bank; given back in cash 15/01/2030 13:00)');
    expect(lines[1]).toContain('Refund: Wrong colour (refused by the bank; given back by UPI 15/01/2030 13:30)');
  });
});
