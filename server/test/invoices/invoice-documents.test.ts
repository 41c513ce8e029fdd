import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, orders } from '../../src/db/schema/index.ts';
import { issueCreditNote } from '../../src/modules/invoices/invoices.service.ts';
import { createCustomer, signInAdmin } from '../factories/index.ts';
import { createTestApp } from '../helpers/app.ts';
import { placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';
import { printedAmount, REGULAR_GST, SHOP_GSTIN } from '../helpers/gst.ts';
import { pdfText } from '../helpers/poppler.ts';

describe('invoice PDF and the monthly CSV', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({
      db: 'pglite',
      env: { ...REGULAR_GST, GST_LEGAL_NAME: 'Sri Sai Xerox and Printers' },
    });
  });
  afterAll(async () => app?.close());

  it('gives the owner (and the admin, not another customer) a Tax Invoice PDF whose figures match the order', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    const list = await app.inject({
      method: 'GET',
      url: `/api/orders/${order!.orderNumber}/invoices`,
      headers: customer.headers,
    });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json().invoices;
    expect(listed).toMatchObject({ kind: 'invoice', documentType: 'tax_invoice' });
    const url = `/api/orders/${order!.orderNumber}/invoices/${listed.id}/pdf`;

    const other = await createCustomer(app);
    expect((await app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const admin = await signInAdmin(app);
    expect((await app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);

    const res = await app.inject({ method: 'GET', url, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [inv] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, listed.id));
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Tax Invoice',
      'Sri Sai Xerox and Printers',
      `GSTIN: ${SHOP_GSTIN}`,
      inv!.serial,
      order!.orderNumber,
      '998912',
      'Andhra Pradesh (37)',
      'Reverse charge: No',
      'This is a computer-generated invoice.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(printedAmount('Taxable value', inv!.taxablePaise));
    expect(text).toMatch(printedAmount('CGST @ 9%', inv!.cgstPaise));
    expect(text).toMatch(printedAmount('SGST @ 9%', inv!.sgstPaise));
    expect(text).toMatch(printedAmount('Total', order!.totalAmount));
  });

  it("exports the month's invoices and credit notes as CSV for the admin only, refusing a bad month", async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const note = await issueCreditNote(app.ctx.db, app.config, draft.orderId, 500, 'Late');
    const admin = await signInAdmin(app);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/invoices.csv?month=${month}`, headers: customer.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/invoices.csv?month=2026-13', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/invoices.csv?month=${month}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      '"Document","Number","Date","Order","Against invoice","Against invoice date","Customer GSTIN","Customer","Place of supply","Taxable value","CGST","SGST","IGST","Total"',
    );
    const [inv] = await app.ctx.db.select().from(invoices).where(eq(invoices.orderId, draft.orderId));
    const invRow = rows.find((r) => r.startsWith(`"Tax invoice","${inv!.serial}"`))!;
    expect(invRow).toContain(
      `"${(inv!.taxablePaise / 100).toFixed(2)}","${(inv!.cgstPaise / 100).toFixed(2)}","${(inv!.sgstPaise / 100).toFixed(2)}","0.00","${(inv!.grossPaise / 100).toFixed(2)}"`,
    );
    const noteRow = rows.find((r) => r.includes(`"${note.serial}"`))!;
    expect(noteRow).toMatch(
      new RegExp(
        `^"Credit note","${note.serial}",.*"${inv!.serial}","${new Date(inv!.issuedAt.getTime() + 330 * 60_000).toISOString().slice(0, 10)}".*"5\\.00"$`,
      ),
    );
    const lastYear = await app.inject({
      method: 'GET',
      url: '/api/admin/invoices.csv?month=2020-01',
      headers: admin.headers,
    });
    expect(lastYear.body.trim().split('\r\n')).toHaveLength(1);
  });
});
