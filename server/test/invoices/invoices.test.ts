import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { financialYearLabel, financialYearStart } from '@shop/shared/gst/fy';
import { loadConfig } from '../../src/config/env.ts';
import { invoices, orderBillDetails, orders } from '../../src/db/schema/index.ts';
import { issueCreditNote, issueInvoiceInTx } from '../../src/modules/invoices/invoices.service.ts';
import { signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import {
  adminRefund,
  createDraft,
  createOrderBody,
  payDraft,
  placePaidOrder,
  printOptions,
  setupCustomerWithFile,
  verify,
} from '../payments/flow.ts';
import { LOCAL_GSTIN, REGULAR_GST, SHOP_GSTIN, TELANGANA_GSTIN } from '../helpers/gst.ts';

const GST_ENV = {
  ...REGULAR_GST,
  GST_LEGAL_NAME: 'Sri Sai Xerox & Printers',
  OPEN_DRAFTS_MAX: '100',
};

type App = Awaited<ReturnType<typeof createTestApp>>;
const invoicesOf = (app: App, orderId: number) =>
  app.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));

describe('GST configuration', () => {
  it('refuses a registered status without a valid GSTIN, and takes a valid one', () => {
    expect(() => loadConfig({ GST_STATUS: 'regular' })).toThrow(/GST_GSTIN/);
    expect(() => loadConfig({ GST_STATUS: 'composition', GST_GSTIN: SHOP_GSTIN.slice(0, 14) + '0' })).toThrow(
      /GST_GSTIN/,
    );
    expect(loadConfig({ GST_STATUS: 'regular', GST_GSTIN: SHOP_GSTIN.toLowerCase() }).GST_GSTIN).toBe(SHOP_GSTIN);
    expect(loadConfig({}).GST_STATUS).toBe('unregistered');
    expect(() => loadConfig({ GST_SERIAL_PREFIX: 'LONG' })).toThrow(/GST_SERIAL_PREFIX/);
  });
});

describe.each(DATABASES)('GST invoices on %s', (db) => {
  let app: App;
  let setup: Awaited<ReturnType<typeof setupCustomerWithFile>>;
  const fy = financialYearLabel(financialYearStart(new Date()));

  beforeAll(async () => {
    app = await createTestApp({ db, env: GST_ENV });
    setup = await setupCustomerWithFile(app);
  });
  afterAll(async () => app?.close());

  it('issues one tax invoice at payment, numbered in order, whose lines and totals add up to what was paid', async () => {
    const { customer, service, file } = setup;
    const first = await placePaidOrder(app, customer, service.id, file.id);
    const second = await placePaidOrder(app, customer, service.id, file.id);
    // Paying again (a retried verify) issues nothing more.
    expect((await verify(app, customer, first.proof)).statusCode).toBe(200);
    const [a] = await invoicesOf(app, first.draft.orderId);
    const [b, extra] = await invoicesOf(app, second.draft.orderId);
    expect(extra).toBeUndefined();
    expect(a!.serial).toBe(`PS/${fy}/000001`);
    expect(b!.serial).toBe(`PS/${fy}/000002`);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, first.draft.orderId));
    expect(a!.documentType).toBe('tax_invoice');
    expect(a!.taxKind).toBe('intra');
    expect(a!.grossPaise).toBe(order!.totalAmount);
    expect(a!.taxablePaise + a!.cgstPaise + a!.sgstPaise).toBe(order!.totalAmount);
    // 18 % inclusive: tax is 18/118 of the price, to the paisa per line.
    expect(Math.abs(a!.cgstPaise + a!.sgstPaise - (order!.totalAmount * 18) / 118)).toBeLessThanOrEqual(1);
    // CGST and SGST are equal halves on every line and document (decision 037).
    expect(a!.cgstPaise).toBe(a!.sgstPaise);
    const lines = a!.lines as Array<{ sac: string; grossPaise: number; cgstPaise: number; sgstPaise: number }>;
    for (const l of lines) expect(l.cgstPaise).toBe(l.sgstPaise);
    // Delivery is part of the composite supply by default: the printing's SAC (GST_DELIVERY_SAC, decision 037).
    expect(lines.map((l) => l.sac)).toEqual(['998912', '998912']);
    expect(lines.reduce((s, l) => s + l.grossPaise, 0)).toBe(order!.totalAmount);
  });

  it("charges IGST to a business customer registered in another state, with the customer's GSTIN and name", async () => {
    const { customer, service, file } = setup;
    const draft = await createDraft(app, customer, service.id, file.id);
    const telangana = TELANGANA_GSTIN;
    await app.ctx.db
      .insert(orderBillDetails)
      .values({ orderId: draft.orderId, customerGstin: telangana, billingName: 'Tarnaka Traders' });
    await payDraft(app, customer, draft);
    const [inv] = await invoicesOf(app, draft.orderId);
    expect(inv!.customerGstin).toBe(telangana);
    expect(inv!.billingName).toBe('Tarnaka Traders');
    expect(inv!.taxKind).toBe('inter');
    expect(inv!.cgstPaise + inv!.sgstPaise).toBe(0);
    expect(inv!.taxablePaise + inv!.igstPaise).toBe(inv!.grossPaise);
  });

  it('takes the GSTIN and business name at checkout for the tax invoice, and refuses a mistyped GSTIN with nothing created', async () => {
    const { customer, service, file } = setup;
    const cost = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { fileId: file.id, pdfInfo: { pageCount: 1 }, options: printOptions(service.id) },
    });
    const amount = Math.round(cost.json().totalCost * 100);
    const local = LOCAL_GSTIN;
    const body = (bill: object) => ({
      ...createOrderBody(service.id, file.id, amount, { deliveryType: 'pickup' }),
      businessBill: { billingAddress: 'Door 5-6-7, Kothapet, Guntur 522001', ...bill },
    });
    const before = (await app.ctx.db.select({ id: orders.id }).from(orders)).length;
    const bad = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: body({
        customerGstin: local.slice(0, 14) + (local[14] === 'A' ? 'B' : 'A'),
        billingName: 'Guntur Grains',
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['businessBill.customerGstin']).toMatch(/mistyped/);
    expect((await app.ctx.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: body({ customerGstin: ` ${local.toLowerCase()} `, billingName: 'Guntur Grains' }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await payDraft(app, customer, ok.json());
    const [inv] = await invoicesOf(app, ok.json().orderId);
    expect([inv!.customerGstin, inv!.billingName, inv!.taxKind]).toEqual([local, 'Guntur Grains', 'intra']);
  });

  it('starts a new series on 1 April in India (18:30 UTC on 31 March), never reusing a number', async () => {
    const { customer, service, file } = setup;
    const rows: Array<typeof orders.$inferSelect> = [];
    for (let i = 0; i < 3; i++) {
      const d = await createDraft(app, customer, service.id, file.id);
      rows.push((await app.ctx.db.select().from(orders).where(eq(orders.id, d.orderId)))[0]!);
    }
    const issue = (row: (typeof rows)[number], at: string) =>
      app.ctx.db.transaction((tx) => issueInvoiceInTx(tx, app.config, row, new Date(at)));
    expect((await issue(rows[0]!, '2028-03-31T18:29:59Z')).serial).toBe('PS/27-28/000001');
    expect((await issue(rows[1]!, '2028-03-31T18:30:00Z')).serial).toBe('PS/28-29/000001');
    expect((await issue(rows[2]!, '2028-04-02T10:00:00Z')).serial).toBe('PS/28-29/000002');
    // Issuing again for the same order gives back the same document.
    expect((await issue(rows[0]!, '2028-04-03T10:00:00Z')).serial).toBe('PS/27-28/000001');
  });

  it('credits a refund in its own series against the invoice, never more than the invoice', async () => {
    const { customer, service, file } = setup;
    const paid = await placePaidOrder(app, customer, service.id, file.id);
    const [inv] = await invoicesOf(app, paid.draft.orderId);
    const note = await issueCreditNote(app.ctx.db, app.config, paid.draft.orderId, 1000, 'Two pages misprinted');
    expect(note.serial).toBe(`CN/${fy}/000001`);
    expect(note.referencesInvoiceId).toBe(inv!.id);
    expect(note.taxablePaise + note.cgstPaise + note.sgstPaise).toBe(1000);
    // ₹10.00 at 18 %: 847.46 exact; 847 would leave an odd 153 paise of tax, so 848 and 76 + 76.
    expect([note.taxablePaise, note.cgstPaise, note.sgstPaise]).toEqual([848, 76, 76]);
    await expect(issueCreditNote(app.ctx.db, app.config, paid.draft.orderId, inv!.grossPaise, 'all')).rejects.toThrow(
      /more than the invoice/,
    );
    const notes = await app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, paid.draft.orderId), eq(invoices.kind, 'credit_note')));
    expect(notes).toHaveLength(1);
  });

  it('a refund by the admin issues its credit note', async () => {
    const { customer, service, file } = setup;
    const paid = await placePaidOrder(app, customer, service.id, file.id);
    const admin = await signInAdmin(app);
    const res = await adminRefund(app, admin, paid.draft.orderId, { amount: 12.5, reason: 'Faint pages' });
    expect(res.statusCode, res.body).toBe(201);
    const notes = await app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, paid.draft.orderId), eq(invoices.kind, 'credit_note')));
    expect(notes.map((n) => [n.grossPaise, n.reason])).toEqual([[1250, 'Faint pages']]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server copies issuing invoices at once on one PostgreSQL', () => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    a = await createTestApp({ db: 'postgres', env: GST_ENV });
    b = await createTestApp({ shareDatabaseWith: a, env: GST_ENV });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('gives 20 orders paid at once through both copies the serials 1 to 20, each once', async () => {
    const { customer, service, file } = await setupCustomerWithFile(a);
    const rows: Array<typeof orders.$inferSelect> = [];
    for (let i = 0; i < 20; i++) {
      const d = await createDraft(a, customer, service.id, file.id);
      rows.push((await a.ctx.db.select().from(orders).where(eq(orders.id, d.orderId)))[0]!);
    }
    const at = new Date('2029-06-01T06:00:00Z');
    const issued = await Promise.all(
      rows.map((row, i) => {
        const app = i % 2 ? b : a;
        return app.ctx.db.transaction((tx) => issueInvoiceInTx(tx, app.config, row, at));
      }),
    );
    const numbers = issued.map((r) => Number(r.serial.split('/')[2])).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
