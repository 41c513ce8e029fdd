import { eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments, orders } from '../../src/db/schema/index.ts';
import { createCustomer, createService, createStaff, createUploadedFile, printOptions } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { DELIVERY, sandboxPay, verify } from '../payments/flow.ts';
import { casesPdf } from '../helpers/colour-cases.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import { mixedColourUnavailable } from '@shop/shared/pricing/mixed-colour';

/** Several documents in one order (decision 036), each with its own print, copies and page range. */
describe.each(DATABASES)('orders of several documents on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function setup() {
    const customer = await createCustomer(app);
    const bw = await createService(app); // ₹5 a page single, ₹8 a sheet double
    const colour = await createService(app, {
      name: 'Test Colour A4',
      printingType: 'color',
      priceSingleSide: 1000,
      priceDoubleSide: 1800,
      category: 'color_printing',
    });
    const thesis = await createUploadedFile(app, customer.record.id, 'notes-a4-38p.pdf', 38);
    const certificates = await createUploadedFile(app, customer.record.id, 'report-a4-26p.pdf', 26);
    return { customer, bw, colour, thesis, certificates };
  }

  const quote = (headers: Record<string, string>, documents: unknown[]) =>
    app.inject({ method: 'POST', url: '/api/pdf/calculate-cost', headers, payload: { documents } });
  const createOrder = (headers: Record<string, string>, documents: unknown[], amount: number) =>
    app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers,
      payload: { amount, currency: 'INR', documents, deliveryType: 'delivery', deliveryDetails: DELIVERY },
    });

  it('prices each document with its own service, copies and pages, discounts the order subtotal, and charges delivery once', async () => {
    const { customer, bw, colour, thesis, certificates } = await setup();
    const documents = [
      // The thesis: all 38 pages, black & white, 3 copies, spiral bound: 38 × ₹5 × 3 + 3 × ₹20 = ₹630.
      { fileId: thesis.id, options: printOptions(bw.id, { copies: 3, spiralBinding: true }) },
      // Its certificate pages only, in colour: pages 2-4 and 10 → 4 pages × ₹10 = ₹40.
      { fileId: certificates.id, options: printOptions(colour.id, { printingType: 'color' }), pageRange: '10, 2-4' },
    ];
    const res = await quote(customer.headers, documents);
    expect(res.statusCode, res.body).toBe(200);
    const cost = res.json();
    expect(cost.documents.map((d: { subtotal: number }) => d.subtotal)).toEqual([630, 40]);
    expect(cost.subtotal).toBe(670);
    // ₹670 together reaches the 2 % tier.
    expect(cost.discountRate).toBe(2);
    expect(cost.totalCost).toBe(656.6);
    expect(cost.deliveryCharge).toBe(30);

    const amount = Math.round((cost.totalCost + cost.deliveryCharge) * 100);
    const draft = await createOrder(customer.headers, documents, amount);
    expect(draft.statusCode, draft.body).toBe(200);
    const rows = await app.ctx.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, draft.json().orderId))
      .orderBy(orderDocuments.position);
    expect(
      rows.map((r) => [
        r.position,
        r.originalFilename,
        r.printingType,
        r.copies,
        r.pageRange,
        r.printedPages,
        r.printingCost,
        r.bindingCost,
      ]),
    ).toEqual([
      [1, 'notes-a4-38p.pdf', 'bw', 3, '', 38, 57000, 6000],
      [2, 'report-a4-26p.pdf', 'color', 1, '2-4, 10', 4, 4000, 0],
    ]);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.json().orderId));
    expect(order!.totalAmount).toBe(amount);
    expect(order!.deliveryCharge).toBe(3000);

    // Paid, it lists both documents to its customer and to the counter.
    const proof = await sandboxPay(app, customer, draft.json().id);
    expect((await verify(app, customer, proof)).statusCode).toBe(200);
    const tracking = await app.inject({
      method: 'GET',
      url: `/api/orders/${order!.orderNumber}`,
      headers: customer.headers,
    });
    expect(
      tracking
        .json()
        .documents.map((d: { original_filename: string; page_range: string }) => [d.original_filename, d.page_range]),
    ).toEqual([
      ['notes-a4-38p.pdf', ''],
      ['report-a4-26p.pdf', '2-4, 10'],
    ]);
    const clerk = await createStaff(app);
    const queue = await app.inject({ method: 'GET', url: '/api/staff/orders', headers: clerk.headers });
    const card = queue.json().find((o: { order_number: string }) => o.order_number === order!.orderNumber);
    expect(card.documents).toHaveLength(2);

    // The counter downloads exactly the pages paid for, in order, as a PDF made on the server.
    const cut = await app.inject({ method: 'GET', url: card.documents[1].download_url, headers: clerk.headers });
    expect(cut.statusCode).toBe(200);
    expect(decodeURIComponent(String(cut.headers['content-disposition']))).toContain(
      "UTF-8''report-a4-26p (pages 2-4,10).pdf",
    );
    const pdf = mupdf.Document.openDocument(new Uint8Array(cut.rawPayload), 'application/pdf');
    expect(pdf.countPages()).toBe(4);
    // The whole file when every page prints.
    const whole = await app.inject({ method: 'GET', url: card.documents[0].download_url, headers: clerk.headers });
    expect(mupdf.Document.openDocument(new Uint8Array(whole.rawPayload), 'application/pdf').countPages()).toBe(38);
    // Nobody else's: another customer is told there is no such order.
    const stranger = await createCustomer(app);
    expect(
      (await app.inject({ method: 'GET', url: card.documents[1].download_url, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order!.id}/documents/3/file`, headers: clerk.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a page range outside the document, naming the document, and writes nothing', async () => {
    const { customer, bw, thesis, certificates } = await setup();
    const documents = [
      { fileId: thesis.id, options: printOptions(bw.id) },
      { fileId: certificates.id, options: printOptions(bw.id), pageRange: '20-30' },
    ];
    const res = await quote(customer.headers, documents);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Document 2 (report-a4-26p.pdf): This document has 26 pages, so page 30 is not in it.',
    );
    const draft = await createOrder(customer.headers, documents, 100);
    expect(draft.statusCode).toBe(400);
    expect(await app.ctx.db.select().from(orders).where(eq(orders.userId, customer.record.id))).toHaveLength(0);
  });

  it('refuses another customer’s file in any place of the order, and the same file twice', async () => {
    const { customer, bw, thesis } = await setup();
    const other = await createCustomer(app);
    const theirs = await createUploadedFile(app, other.record.id);
    const res = await quote(customer.headers, [
      { fileId: thesis.id, options: printOptions(bw.id) },
      { fileId: theirs.id, options: printOptions(bw.id) },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Document 2: File not found');
    const twice = await quote(customer.headers, [
      { fileId: thesis.id, options: printOptions(bw.id) },
      { fileId: thesis.id, options: printOptions(bw.id, { copies: 2 }) },
    ]);
    expect(twice.statusCode).toBe(400);
  });

  it('a colour service does not print a document cheaper as black & white: the service decides each document’s print', async () => {
    const { customer, bw, colour, thesis, certificates } = await setup();
    const res = await quote(customer.headers, [
      { fileId: thesis.id, options: printOptions(bw.id) },
      // Colour service, asked for black & white (its price with another print): refused.
      { fileId: certificates.id, options: printOptions(colour.id, { printingType: 'bw' }) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('print_options_not_offered');
    expect(res.json().message).toMatch(/^Document 2 \(report-a4-26p\.pdf\): /);
  });

  it('a page range prices only its pages for one document too, and a price for all pages no longer pays for it', async () => {
    const { customer, bw, thesis } = await setup();
    const one = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { fileId: thesis.id, options: printOptions(bw.id), pageRange: '12-20' },
    });
    expect(one.json().pages).toBe(9);
    expect(one.json().totalCost).toBe(45);
    // The whole file's price (₹190 + ₹30) for pages 12-20 is refused as a changed price.
    const draft = await createOrder(
      customer.headers,
      [{ fileId: thesis.id, options: printOptions(bw.id), pageRange: '12-20' }],
      22000,
    );
    expect(draft.statusCode).toBe(409);
    expect(draft.json().code).toBe('price_changed');
  });
});

describe.each(DATABASES)('colour pages in colour, the rest in black & white, on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('prices the colour pages at the colour rate and the others at the black & white service of the same paper', async () => {
    const customer = await createCustomer(app);
    const bw = await createService(app, { paperType: 'bond_100gsm' }); // ₹5 a page
    const colour = await createService(app, {
      name: 'Colour A4 Bond',
      printingType: 'color',
      paperType: 'bond_100gsm',
      priceSingleSide: 1000,
      priceDoubleSide: 1800,
      category: 'color_printing',
    });
    const up = await uploadPdf(app, customer.headers, Buffer.from(await casesPdf()), 'brochure.pdf');
    const fileId = up.json().file.id;
    const doc = (serviceId: number, extra: Record<string, unknown> = {}) => ({
      fileId,
      options: printOptions(serviceId, { paperType: 'bond_100gsm', printingType: 'color', ...extra }),
      colourMode: 'mixed',
    });
    // 7 pages, colour on 4, 5 and 6: 3 × ₹10 + 4 × ₹5 = ₹50 (all in colour would be ₹70).
    const res = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { documents: [doc(colour.id)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalCost).toBe(50);
    // Double-sided: sheets (1,2) (3,4) (5,6) (7): two colour sheets × ₹18 + two × ₹8 = ₹52.
    const both = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { documents: [doc(colour.id, { sides: 'double' })] },
    });
    expect(both.json().totalCost).toBe(52);
    // Paid, the counter sees which pages go in colour.
    const amount = 5000 + 3000;
    const draft = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: {
        amount,
        currency: 'INR',
        documents: [doc(colour.id)],
        deliveryType: 'delivery',
        deliveryDetails: DELIVERY,
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const [row] = await app.ctx.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, draft.json().orderId));
    expect([row!.colourMode, row!.colourPages, row!.bwServiceId]).toEqual(['mixed', '4-6', bw.id]);
    // A black & white service cannot do it.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { documents: [{ ...doc(bw.id), options: printOptions(bw.id, { paperType: 'bond_100gsm' }) }] },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('a page range shifts the double-sided pairs; with no black & white service for the paper the customer is told why', async () => {
    const customer = await createCustomer(app);
    const colour = await createService(app, {
      name: 'Colour A4 Photo',
      printingType: 'color',
      paperType: 'photo_paper',
      priceSingleSide: 1000,
      priceDoubleSide: 1800,
      category: 'color_printing',
    });
    const up = await uploadPdf(app, customer.headers, Buffer.from(await casesPdf()), 'brochure.pdf');
    const doc = (extra: Record<string, unknown>, pageRange?: string) => ({
      fileId: up.json().file.id,
      options: printOptions(colour.id, { paperType: 'photo_paper', printingType: 'color', ...extra }),
      colourMode: 'mixed',
      ...(pageRange ? { pageRange } : {}),
    });
    const quote = (d: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/pdf/calculate-cost',
        headers: customer.headers,
        payload: { documents: [d] },
      });
    // No black & white service prints on photo paper: refused in the shared words, nothing priced.
    const none = await quote(doc({ sides: 'double' }, '3-6'));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(mixedColourUnavailable({ paperSize: 'a4', paperType: 'photo_paper' }, 'double'));
    // With one: pages 3-6 double-sided pair as (3,4) (5,6); colour on 4, 5 and 6 makes both colour sheets: 2 × ₹18.
    await createService(app, { paperType: 'photo_paper' });
    const paired = await quote(doc({ sides: 'double' }, '3-6'));
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json().totalCost).toBe(36);
    // Pages 2-5: (2,3) black & white at ₹8, (4,5) colour at ₹18.
    expect((await quote(doc({ sides: 'double' }, '2-5'))).json().totalCost).toBe(26);
    // A page range past the end is refused naming the document, as for any document.
    const past = await quote(doc({}, '6-9'));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/^This document has 7 pages, so page \d is not in it\./);
  });
});
