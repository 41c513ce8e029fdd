import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentColour, documentPages } from '@shop/shared/orders/document-summary';
import { documentOfDto, type BackOfficeOrder } from '@shop/shared/orders/order';
import { invoices, orders, refunds } from '../../src/db/schema/index.ts';
import { documentWords } from '../../src/modules/orders/document-words.ts';
import {
  createCustomer,
  createService,
  createStaff,
  fixturePdf,
  printOptions,
  signInAdmin,
} from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { casesPdf } from '../helpers/colour-cases.ts';
import { multipartBody } from '../pdf/multipart.ts';
import { draftDocuments, payDraft } from '../payments/flow.ts';
import { parseCsv } from '../helpers/csv-parse.ts';
import { REGULAR_GST } from '../helpers/gst.ts';

/**
 * Decision 036: a day of mixed orders (online single and multi-document, page ranges, mixed colour, walk-in
 * cash and UPI, a part refund) gives the same figures in the day report, the CSV, the bills and the counter, to the
 * paisa. Every order is placed through the API as the shop's screens place it; the day is then fixed (paid_at moved
 * to one IST day), so no figure depends on the clock.
 */
const DAY = '2026-03-14';
const convert = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/convert', name));
const paise = (rupees: number | string) => Math.round(Number(rupees) * 100);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe.each(DATABASES)('a day of mixed orders adds up the same everywhere (%s)', (db) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  const placed: number[] = [];
  let refundedOrder = 0;

  beforeAll(async () => {
    app = await createTestApp({
      db,
      env: REGULAR_GST,
    });
    admin = await signInAdmin(app);
    clerk = await createStaff(app);
    const customer = await createCustomer(app);
    const bw = await createService(app, { name: 'B&W A4' }); // ₹5 a page, ₹8 a sheet
    const colour = await createService(app, {
      name: 'Colour A4',
      printingType: 'color',
      priceSingleSide: 1000,
      priceDoubleSide: 1800,
      category: 'color_printing',
    });
    const upload = async (bytes: Buffer, name: string, type?: string) => {
      const body = await multipartBody(bytes, name, type ? { type } : {});
      const res = await app.inject({
        method: 'POST',
        url: '/api/pdf/upload',
        headers: { ...customer.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().file.id as string;
    };
    /** Quote, draft at the quoted amount, pay in the sandbox, verify: the wizard's steps. */
    const online = async (documents: unknown[], deliveryType: 'delivery' | 'pickup') => {
      const { orderId } = await payDraft(
        app,
        customer,
        await draftDocuments(app, customer, documents, { deliveryType }),
      );
      placed.push(orderId);
      return orderId;
    };
    /** The counter: the clerk's price is the server's (the form prices with the same function); a 409 says it otherwise. */
    const walkIn = async (documents: unknown[], method: 'cash' | 'upi_counter') => {
      const body = {
        requestKey: crypto.randomUUID(),
        customer: { name: 'Padma Rao', mobile: '98480 11111' },
        documents,
        payment: { method, received: true },
        pickup: 'now',
        amount: 0,
      };
      const priced = await app.inject({
        method: 'POST',
        url: '/api/counter/orders',
        headers: clerk.headers,
        payload: body,
      });
      expect(priced.statusCode, priced.body).toBe(409);
      const made = await app.inject({
        method: 'POST',
        url: '/api/counter/orders',
        headers: clerk.headers,
        payload: { ...body, amount: priced.json().expectedAmount },
      });
      expect(made.statusCode, made.body).toBe(201);
      placed.push(made.json().order.id);
    };
    const counterUpload = async (bytes: Buffer, name: string) => {
      const body = await multipartBody(bytes, name);
      const res = await app.inject({
        method: 'POST',
        url: '/api/counter/uploads',
        headers: { ...clerk.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().file.id as string;
    };

    // Online, one document, home delivery.
    const notes = await upload(fs.readFileSync(fixturePdf('notes-a4-38p.pdf')), 'notes.pdf');
    await online([{ fileId: notes, options: printOptions(bw.id) }], 'delivery');
    // Online, three documents: a page range in colour, a letter double-sided ×3, a photo laminated; shop pickup.
    const report = await upload(fs.readFileSync(fixturePdf('report-a4-26p.pdf')), 'report.pdf');
    const letter = await upload(fs.readFileSync(fixturePdf('letter-a4-4p.pdf')), 'letter.pdf');
    const photo = await upload(convert('card.png'), 'card.png', 'image/png');
    refundedOrder = await online(
      [
        { fileId: report, options: printOptions(colour.id, { printingType: 'color' }), pageRange: '2-7' },
        { fileId: letter, options: printOptions(bw.id, { sides: 'double', copies: 3 }) },
        { fileId: photo, options: printOptions(colour.id, { printingType: 'color', lamination: true }) },
      ],
      'pickup',
    );
    // Online, mixed colour with a page range, two copies, delivered (a B&W service of the same paper prints the rest).
    const brochure = await upload(Buffer.from(await casesPdf()), 'brochure.pdf');
    await online(
      [
        {
          fileId: brochure,
          options: printOptions(colour.id, { printingType: 'color', copies: 2 }),
          pageRange: '2-7',
          colourMode: 'mixed',
        },
      ],
      'delivery',
    );
    // Online, large enough for the 2 % discount: 38 pages in colour × 2 copies = ₹760.
    const big = await upload(fs.readFileSync(fixturePdf('notes-a4-38p.pdf')), 'thesis.pdf');
    await online([{ fileId: big, options: printOptions(colour.id, { printingType: 'color', copies: 2 }) }], 'pickup');
    // Walk-in, cash: a paper original and a counter upload in mixed colour, pages 3-6.
    const counterCases = await counterUpload(Buffer.from(await casesPdf()), 'leaflet.pdf');
    await walkIn(
      [
        { source: 'paper', label: 'Ration card', pages: 2, options: printOptions(bw.id, { copies: 4 }) },
        {
          source: 'upload',
          fileId: counterCases,
          options: printOptions(colour.id, { printingType: 'color' }),
          pageRange: '3-6',
          colourMode: 'mixed',
        },
      ],
      'cash',
    );
    // Walk-in, UPI: one upload, two copies, spiral bound.
    const thesis = await counterUpload(fs.readFileSync(fixturePdf('notes-a4-38p.pdf')), 'project.pdf');
    await walkIn(
      [{ source: 'upload', fileId: thesis, options: printOptions(bw.id, { copies: 2, spiralBinding: true }) }],
      'upi_counter',
    );
    // A part refund (₹20 of the three-document order).
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${refundedOrder}/refunds`,
      headers: admin.headers,
      payload: { amount: 20, reason: 'Lamination was not done' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);

    // The day: every order paid (and the refund made) through it, one an hour from 10:00 IST.
    for (const [i, id] of placed.entries()) {
      const at = new Date(`${DAY}T${String(10 + i).padStart(2, '0')}:00:00+05:30`);
      await app.ctx.db.update(orders).set({ paidAt: at }).where(eq(orders.id, id));
      await app.ctx.db
        .update(invoices)
        .set({ issuedAt: at })
        .where(and(eq(invoices.orderId, id), eq(invoices.kind, 'invoice')));
    }
    await app.ctx.db
      .update(refunds)
      .set({ createdAt: new Date(`${DAY}T18:00:00+05:30`) })
      .where(eq(refunds.orderId, refundedOrder));
    await app.ctx.db
      .update(invoices)
      .set({ issuedAt: new Date(`${DAY}T18:00:00+05:30`) })
      .where(and(eq(invoices.orderId, refundedOrder), eq(invoices.kind, 'credit_note')));
    app.ctx.orderPages.clear();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the day report, the CSV, the bills and the counter give the same figures to the paisa', async () => {
    const report = (
      await app.inject({ method: 'GET', url: `/api/admin/reports/day?date=${DAY}`, headers: admin.headers })
    ).json();
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/orders.csv?from=${DAY}&to=${DAY}`,
      headers: admin.headers,
    });
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    const col = (name: string) => header!.indexOf(name);
    // The orders' lines, then the day's refunds (negative under Amount).
    const lines = rows.filter((l) => !l[col('Status')]!.startsWith('Refund:'));
    const refundLines = rows.filter((l) => l[col('Status')]!.startsWith('Refund:'));
    const money = (name: string) => sum(lines.map((l) => paise(l[col(name)]!)));
    const stored = await app.ctx.db.select().from(orders).where(inArray(orders.id, placed));
    const revenue = sum(stored.map((o) => o.totalAmount));

    // The day report: six orders, each document under its own service (the B&W letter and paper original too).
    expect(report.orders).toBe(6);
    expect(paise(report.revenue)).toBe(revenue);
    expect(paise(report.printingAndBinding) - paise(report.discounts) + paise(report.deliveryCharges)).toBe(revenue);
    expect(sum(report.byService.map((s: { amount: number }) => paise(s.amount)))).toBe(
      paise(report.printingAndBinding),
    );
    expect(
      report.byService.map((s: { serviceName: string; documents: number }) => [s.serviceName, s.documents]).sort(),
    ).toEqual([
      ['B&W A4', 4],
      ['Colour A4', 5],
    ]);
    expect(report.discounts).toBeGreaterThan(0);
    expect(report.refunds).toEqual({ count: 1, amount: 20 });
    expect(report.byPaymentMethod.map((m: { method: string; orders: number }) => [m.method, m.orders])).toEqual([
      ['online', 4],
      ['cash', 1],
      ['upi_counter', 1],
    ]);

    // The CSV: one line per document, adding up to the report.
    expect(lines).toHaveLength(9);
    expect(money('Amount (₹)')).toBe(revenue);
    expect(money('Printing (₹)') + money('Binding (₹)')).toBe(paise(report.printingAndBinding));
    expect(money('Discount (₹)')).toBe(paise(report.discounts));
    expect(money('Delivery charge (₹)')).toBe(paise(report.deliveryCharges));
    expect(sum(lines.map((l) => Number(l[col('Pages printed')])))).toBe(report.pagesPrinted);
    // The refund's line: the Amount column then adds up to the money kept, as the report has it.
    expect(refundLines.map((l) => paise(l[col('Amount (₹)')]!))).toEqual([-paise(report.refunds.amount)]);
    expect(sum(rows.map((l) => paise(l[col('Amount (₹)')]!)))).toBe(revenue - paise(report.refunds.amount));
    for (const s of report.byService as Array<{ serviceName: string; amount: number; pages: number }>) {
      const mine = lines.filter((l) => l[col('Service')] === s.serviceName);
      expect(sum(mine.map((l) => paise(l[col('Printing (₹)')]!) + paise(l[col('Binding (₹)')]!)))).toBe(
        paise(s.amount),
      );
      expect(sum(mine.map((l) => Number(l[col('Pages printed')])))).toBe(s.pages);
    }

    // The bills: each order's invoice is what it paid, one line per document (+ delivery); the credit note is the refund.
    const bills = await app.ctx.db.select().from(invoices).where(inArray(invoices.orderId, placed));
    const issued = bills.filter((b) => b.kind === 'invoice');
    expect(issued).toHaveLength(6);
    expect(sum(issued.map((b) => b.grossPaise))).toBe(revenue);
    for (const o of stored) {
      const bill = issued.find((b) => b.orderId === o.id)!;
      expect(bill.grossPaise, o.orderNumber).toBe(o.totalAmount);
      const billLines = bill.lines as Array<{ grossPaise?: number; gross_paise?: number }>;
      const documentLines = lines.filter((l) => l[col('Order number')] === o.orderNumber);
      expect(billLines.length, o.orderNumber).toBe(documentLines.length + (o.deliveryCharge > 0 ? 1 : 0));
    }
    expect(sum(bills.filter((b) => b.kind === 'credit_note').map((b) => b.grossPaise))).toBe(
      paise(report.refunds.amount),
    );
    // The day report's tax documents: the bills less the credit note.
    expect(paise(report.tax.total)).toBe(revenue - paise(report.refunds.amount));
    expect([report.tax.invoices, report.tax.creditNotes]).toEqual([6, 1]);
    // The drawer: the cash walk-in's takings (the refund went back online).
    expect(paise(report.cashInDrawer)).toBe(
      sum(stored.filter((o) => o.paymentMethod === 'cash').map((o) => o.totalAmount)),
    );

    // The counter: its cards add up to the same takings and show the same documents as the CSV's lines.
    const counter = (
      await app.inject({ method: 'GET', url: '/api/staff/orders?limit=50', headers: clerk.headers })
    ).json() as BackOfficeOrder[];
    expect(paise(sum(counter.map((o) => o.total_amount)))).toBe(revenue);
    const words = documentWords('en');
    for (const o of counter) {
      const documentLines = lines.filter((l) => l[col('Order number')] === o.order_number);
      expect(
        o.documents.map((d) => [
          d.service_name,
          documentPages(documentOfDto(d), words),
          documentColour(documentOfDto(d), words),
          String(d.copies),
        ]),
      ).toEqual(documentLines.map((l) => [l[col('Service')], l[col('Pages')], l[col('Printing')], l[col('Copies')]]));
    }
  });

  it('counts each document under its own service: the black & white letter of a colour order is not colour', async () => {
    const report = (
      await app.inject({ method: 'GET', url: `/api/admin/reports/day?date=${DAY}`, headers: admin.headers })
    ).json();
    const bwRow = report.byService.find((s: { serviceName: string }) => s.serviceName === 'B&W A4');
    // notes 38 × 1, letter 4 pages × 3 copies, the paper original 2 × 4, project 38 × 2 (+ the mixed document's B&W partner is priced, not counted).
    expect(bwRow).toMatchObject({ documents: 4, pages: 38 + 4 * 3 + 2 * 4 + 38 * 2 });
    // A range of 2-7 of a 26-page file printed 6 pages, not 26.
    const [line] = parseCsv(
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/reports/orders.csv?from=${DAY}&to=${DAY}`,
          headers: admin.headers,
        })
      ).body.slice(1),
    ).filter((l) => l[9] === 'report.pdf');
    expect(line!.slice(9, 15)).toEqual(['report.pdf', 'Colour A4', 'colour', 'pages 2-7', '1', '6']);
    const photo = (await app.ctx.db.execute(
      sql`select original_filename, converted_from from order_documents where converted_from is not null`,
    )) as unknown as { rows?: unknown[] } | unknown[];
    expect(Array.isArray(photo) ? photo : photo.rows).toEqual([
      { original_filename: 'card.png', converted_from: 'png' },
    ]);
  });
});
