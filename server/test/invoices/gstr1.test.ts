import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderBillDetails, orders } from '../../src/db/schema/index.ts';
import { issueCreditNote, issueInvoiceInTx, type InvoiceRow } from '../../src/modules/invoices/invoices.service.ts';
import { createService, createStaff, createUploadedFile, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createDraft, setupCustomerWithFile } from '../payments/flow.ts';
import { LOCAL_GSTIN, REGULAR_GST, TELANGANA_GSTIN } from '../helpers/gst.ts';

/**
 * A month's GSTR-1 in the GST portal offline tool's section-wise CSV layouts (Returns Offline Tool
 * V3.2.4, GSTR-1 Excel Workbook Template V2.2, HSN split into B2B and B2C from May 2025; decision 037). The headers
 * below are the templates' own, written out here rather than read from the code under test; the files must add up to
 * the month's documents to the paisa.
 */
const TEMPLATE_HEADERS: Record<string, string> = {
  'b2b,sez,de.csv':
    'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
  'b2cl.csv':
    'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  'b2cs.csv': 'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  'cdnr.csv':
    'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  'cdnur.csv':
    'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  'hsn(b2b).csv':
    'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  'hsn(b2c).csv':
    'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  'docs.csv': 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
};
const SECTION_OF: Record<string, string> = {
  'b2b,sez,de.csv': 'b2b',
  'b2cl.csv': 'b2cl',
  'b2cs.csv': 'b2cs',
  'cdnr.csv': 'cdnr',
  'cdnur.csv': 'cdnur',
  'hsn(b2b).csv': 'hsn-b2b',
  'hsn(b2c).csv': 'hsn-b2c',
  'docs.csv': 'docs',
};

type App = Awaited<ReturnType<typeof createTestApp>>;

const paise = (cell: string) => Math.round(Number(cell) * 100);
const table = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe.each(DATABASES)('GSTR-1 for the offline tool on %s', (db) => {
  let app: App;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const june: InvoiceRow[] = [];
  const juneNotes: InvoiceRow[] = [];
  const at = (day: number, hour = 6) => new Date(Date.UTC(2029, 5, day, hour));

  beforeAll(async () => {
    app = await createTestApp({ db, env: { ...REGULAR_GST, OPEN_DRAFTS_MAX: '100' } });
    admin = await signInAdmin(app);
    const { customer, service, file } = await setupCustomerWithFile(app);
    const dear = await createService(app, { priceSingleSide: 500_000, price: 500_000 }); // ₹5,000 a page: a ₹1.8 lakh order
    const bigFile = await createUploadedFile(app, customer.record.id);
    /** An unpaid draft billed as given, its document issued at a fixed instant (so the month is this test's alone). */
    const issue = async (
      when: Date,
      bill?: { customerGstin: string | null; billingName: string; billingAddress: string; stateCode: string },
      opts: { dear?: boolean; pickup?: boolean } = {},
    ) => {
      const d = await createDraft(app, customer, opts.dear ? dear.id : service.id, opts.dear ? bigFile.id : file.id, {
        deliveryType: (opts.pickup || bill) && !opts.dear ? 'pickup' : 'delivery',
      });
      if (bill) await app.ctx.db.insert(orderBillDetails).values({ orderId: d.orderId, ...bill });
      const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, d.orderId));
      return app.ctx.db.transaction((tx) => issueInvoiceInTx(tx, app.config, row!, when));
    };
    const may = await issue(new Date(Date.UTC(2029, 4, 20, 6)));
    june.push(await issue(at(1, 0))); // 05:30 IST on 1 June
    june.push(await issue(at(3)));
    june.push(
      await issue(at(5), {
        customerGstin: LOCAL_GSTIN,
        billingName: 'Guntur Grains',
        billingAddress: 'Mirchi Yard Road, Guntur',
        stateCode: '37',
      }),
    );
    june.push(
      await issue(at(7), {
        customerGstin: TELANGANA_GSTIN,
        billingName: 'Tarnaka Traders',
        billingAddress: 'Tarnaka, Hyderabad',
        stateCode: '36',
      }),
    );
    june.push(
      await issue(
        at(9),
        { customerGstin: null, billingName: 'S. Anitha', billingAddress: 'Kukatpally, Hyderabad', stateCode: '36' },
        { dear: true },
      ),
    );
    june.push(
      await issue(at(11), {
        customerGstin: null,
        billingName: 'P. Ravi',
        billingAddress: 'Secunderabad',
        stateCode: '36',
      }),
    );
    await issue(new Date(Date.UTC(2029, 5, 30, 18, 30))); // 00:00 IST on 1 July: July's
    juneNotes.push(await issueCreditNote(app.ctx.db, app.config, june[0]!.orderId, 1000, 'Faint pages', at(12)));
    juneNotes.push(await issueCreditNote(app.ctx.db, app.config, june[3]!.orderId, 2500, 'Wrong binding', at(13)));
    juneNotes.push(
      await issueCreditNote(app.ctx.db, app.config, june[4]!.orderId, 500_000, 'Ten pages reprinted late', at(14)),
    );
    juneNotes.push(
      await issueCreditNote(app.ctx.db, app.config, may.orderId, 700, 'A May order, credited in June', at(15)),
    );
  });
  afterAll(async () => app?.close());

  async function section(name: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/gstr1/${SECTION_OF[name]}?month=2029-06`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }

  it("gives the admin a ZIP of the tool's eight section files, each with its template's header, the same as each section alone", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/gstr1.zip?month=2029-06', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstr1-'));
    try {
      fs.writeFileSync(path.join(dir, 'r.zip'), res.rawPayload);
      const listed = execFileSync('zipinfo', ['-1', path.join(dir, 'r.zip')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(listed).toEqual(Object.keys(TEMPLATE_HEADERS));
      for (const name of listed) {
        const body = execFileSync('unzip', ['-p', path.join(dir, 'r.zip'), name.replace(/([,()])/g, '\\$1')], {
          encoding: 'utf8',
        });
        expect(body.split('\r\n')[0], name).toBe(TEMPLATE_HEADERS[name]);
        expect(body).toBe(await section(name));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('b2b: one row per invoice to a GSTIN, with place of supply, reverse charge, invoice type, rate and the tool’s date form', async () => {
    const rows = table(await section('b2b,sez,de.csv')).slice(1);
    const b2b = june.filter((d) => d.customerGstin);
    expect(rows).toEqual(
      b2b.map((d) => [
        d.customerGstin,
        d.billingName,
        d.serial,
        d.serial === june[2]!.serial ? '05-Jun-2029' : '07-Jun-2029',
        (d.grossPaise / 100).toFixed(2),
        d.placeOfSupply === '36' ? '36-Telangana' : '37-Andhra Pradesh',
        'N',
        '',
        'Regular B2B',
        '',
        '18',
        (d.taxablePaise / 100).toFixed(2),
        '',
      ]),
    );
  });

  it('b2cl, b2cs, cdnr and cdnur: a large inter-state B2C invoice apart, small ones summed per place of supply with their credit notes netted', async () => {
    const [b2cl] = table(await section('b2cl.csv')).slice(1);
    expect(b2cl).toEqual([
      june[4]!.serial,
      '09-Jun-2029',
      (june[4]!.grossPaise / 100).toFixed(2),
      '36-Telangana',
      '',
      '18',
      (june[4]!.taxablePaise / 100).toFixed(2),
      '',
      '',
    ]);
    expect(june[4]!.grossPaise).toBeGreaterThan(10_000_000);
    const b2cs = table(await section('b2cs.csv')).slice(1);
    // Andhra Pradesh: the two small local invoices less the notes on June's first and on May's order.
    const local =
      june[0]!.taxablePaise + june[1]!.taxablePaise - juneNotes[0]!.taxablePaise - juneNotes[3]!.taxablePaise;
    expect(b2cs).toEqual([
      ['OE', '36-Telangana', '18', '', (june[5]!.taxablePaise / 100).toFixed(2), '', ''],
      ['OE', '37-Andhra Pradesh', '18', '', (local / 100).toFixed(2), '', ''],
    ]);
    expect(table(await section('cdnr.csv')).slice(1)).toEqual([
      [
        TELANGANA_GSTIN,
        'Tarnaka Traders',
        juneNotes[1]!.serial,
        '13-Jun-2029',
        'C',
        '36-Telangana',
        'N',
        'Regular B2B',
        '25.00',
        '',
        '18',
        (juneNotes[1]!.taxablePaise / 100).toFixed(2),
        '',
      ],
    ]);
    expect(table(await section('cdnur.csv')).slice(1)).toEqual([
      [
        'B2CL',
        juneNotes[2]!.serial,
        '14-Jun-2029',
        'C',
        '36-Telangana',
        '5000.00',
        '',
        '18',
        (juneNotes[2]!.taxablePaise / 100).toFixed(2),
        '',
      ],
    ]);
  });

  it('the sections add up to the month’s documents to the paisa: taxable value and each tax, invoices less notes', async () => {
    const sum = (rows: string[][], col: number) => rows.reduce((s, r) => s + paise(r[col]!), 0);
    const invoicesTaxable = june.reduce((s, d) => s + d.taxablePaise, 0);
    const notesTaxable = juneNotes.reduce((s, d) => s + d.taxablePaise, 0);
    const b2b = table(await section('b2b,sez,de.csv')).slice(1);
    const b2cl = table(await section('b2cl.csv')).slice(1);
    const b2cs = table(await section('b2cs.csv')).slice(1);
    const cdnr = table(await section('cdnr.csv')).slice(1);
    const cdnur = table(await section('cdnur.csv')).slice(1);
    expect(sum(b2b, 11) + sum(b2cl, 6) + sum(b2cs, 4) - sum(cdnr, 11) - sum(cdnur, 8)).toBe(
      invoicesTaxable - notesTaxable,
    );
    const hsn = [...table(await section('hsn(b2b).csv')).slice(1), ...table(await section('hsn(b2c).csv')).slice(1)];
    const net = (k: 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise' | 'grossPaise') =>
      june.reduce((s, d) => s + d[k], 0) - juneNotes.reduce((s, d) => s + d[k], 0);
    expect([sum(hsn, 4), sum(hsn, 6), sum(hsn, 7), sum(hsn, 8), sum(hsn, 9)]).toEqual([
      net('grossPaise'),
      net('taxablePaise'),
      net('igstPaise'),
      net('cgstPaise'),
      net('sgstPaise'),
    ]);
    // Services: SAC, UQC NA, quantity 0; CGST and SGST equal.
    for (const r of hsn) {
      expect(r.slice(0, 4)).toEqual(['998912', 'Printing and reproduction', 'NA', '0']);
      expect(r[8]).toBe(r[9]);
    }
    // The B2B half is the registered customers' invoices less their notes.
    const hsnB2b = table(await section('hsn(b2b).csv')).slice(1);
    expect(sum(hsnB2b, 6)).toBe(june[2]!.taxablePaise + june[3]!.taxablePaise - juneNotes[1]!.taxablePaise);
  });

  it('docs: each series from its first to its last number of the month, with the count and nothing cancelled', async () => {
    expect(table(await section('docs.csv')).slice(1)).toEqual([
      ['Invoices for outward supply', june[0]!.serial, june[5]!.serial, '6', '0'],
      ['Credit Note', juneNotes[0]!.serial, juneNotes[3]!.serial, '4', '0'],
    ]);
  });

  it('is for the admin only, refuses a bad month and knows no other section', async () => {
    const clerk = await createStaff(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/gstr1.zip?month=2029-06', headers: clerk.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/gstr1.zip?month=2029-13', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/gstr1/b2x?month=2029-06', headers: admin.headers });
    expect(bad.statusCode).toBe(404);
    // A month without documents is headers only.
    const empty = await app.inject({
      method: 'GET',
      url: '/api/admin/gstr1/b2b?month=2020-01',
      headers: admin.headers,
    });
    expect(empty.body).toBe(`${TEMPLATE_HEADERS['b2b,sez,de.csv']}\r\n`);
  });
});
