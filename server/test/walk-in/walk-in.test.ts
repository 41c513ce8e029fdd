import { eq, like } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderDocuments, orders, orderStatusEvents } from '../../src/db/schema/index.ts';
import { createCustomer, createService, createStaff, fixturePdf, printOptions } from '../factories/index.ts';
import { createTestApp, DATABASES, readOutbox } from '../helpers/app.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import fs from 'node:fs';
import { counterUpload, placeWalkIn, walkInBody } from './support.ts';

const pdfText = (bytes: Buffer) =>
  mupdf.Document.openDocument(new Uint8Array(bytes), 'application/pdf')
    .loadPage(0)
    .toStructuredText('')
    .asText()
    .replace(/\s+/g, ' ');

/** Decision 025: an order taken at the counter for a customer, paid there, in the same queue as online orders. */
describe.each(DATABASES)('walk-in orders on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  let bw: Awaited<ReturnType<typeof createService>>;
  let colour: Awaited<ReturnType<typeof createService>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    clerk = await createStaff(app, { name: 'Ramu' });
    bw = await createService(app); // ₹5 a page single, ₹8 a sheet double
    colour = await createService(app, {
      name: 'Counter Colour A4',
      printingType: 'color',
      priceSingleSide: 1000,
      priceDoubleSide: 1800,
      category: 'color_printing',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('prices a file uploaded at the counter exactly as the customer path does, takes cash, and queues it with the same number, receipt and ticket', async () => {
    // The same file and options, priced for a customer online…
    const customer = await createCustomer(app);
    const online = await uploadPdf(app, customer.headers, fs.readFileSync(fixturePdf('notes-a4-38p.pdf')));
    const options = printOptions(bw.id, { copies: 3, spiralBinding: true });
    const quote = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { documents: [{ fileId: online.json().file.id, options, pageRange: '1-20' }] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // 20 pages × ₹5 × 3 + 3 spiral books × ₹20 = ₹360.
    expect(quote.json().totalCost).toBe(360);

    // …and at the counter: the same pipeline reads the same pages, and the same function gives the same price.
    const upload = await counterUpload(app, clerk.headers, 'notes-a4-38p.pdf', 'Thesis.pdf');
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().pdfInfo.pageCount).toBe(38);
    const body = walkInBody(bw.id, 36000, {
      customer: { name: 'Padma Rao', mobile: '+91 98480 11111', email: 'Padma@Example.com' },
      documents: [{ source: 'upload', fileId: upload.json().file.id, options: options as never, pageRange: '1-20' }],
    });
    const res = await placeWalkIn(app, clerk.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().order;
    expect(res.json().created).toBe(true);
    expect(made.total_amount).toBe(quote.json().totalCost);
    expect(made.order_number).toMatch(/^PS-\d{6}-[0-9A-Z]{5}$/);
    expect(made).toMatchObject({
      customer_name: 'Padma Rao',
      payment_method: 'cash',
      pickup: 'now',
      pickup_code: null,
    });
    expect(made.receipt.serial).toMatch(/^PS\/\d\d-\d\d\/\d+$/);

    // Stored as paid at the counter, with no account, and the clerk on its timeline.
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, made.id));
    expect(row).toMatchObject({
      userId: null,
      mobileNumber: '9848011111',
      customerEmail: 'padma@example.com',
      paymentMethod: 'cash',
      origin: 'counter',
      status: 'unvisited',
      paymentStatus: 'completed',
      deliveryType: 'pickup',
      totalAmount: 36000,
    });
    expect(row!.paidAt).toBeInstanceOf(Date);
    expect(row!.readyBy!.getTime()).toBeGreaterThan(row!.paidAt!.getTime());
    const [event] = await app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, made.id));
    expect(event).toMatchObject({
      fromStatus: 'pending_payment',
      toStatus: 'unvisited',
      actorKind: 'staff',
      actorName: 'Ramu',
    });

    // The same queue: the card has the customer, how it was paid, the due time and the page range.
    const queue = await app.inject({
      method: 'GET',
      url: `/api/staff/orders?search=${made.order_number}`,
      headers: clerk.headers,
    });
    const card = queue.json()[0];
    expect(card).toMatchObject({
      order_number: made.order_number,
      customer_name: 'Padma Rao',
      customer_phone: '9848011111',
      payment_method: 'cash',
      origin: 'counter',
      customer_waiting: true,
      ready_by: made.ready_by,
      is_new: true,
    });
    expect(card.documents[0]).toMatchObject({
      original_filename: 'Thesis.pdf',
      page_range: '1-20',
      printed_pages: 20,
      copies: 3,
    });

    // The receipt prints from the counter (a customer is told there is no such order); the ticket says who waits.
    const receipt = await app.inject({ method: 'GET', url: made.receipt.pdf_url, headers: clerk.headers });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect((await app.inject({ method: 'GET', url: made.receipt.pdf_url, headers: customer.headers })).statusCode).toBe(
      404,
    );
    const ticket = await app.inject({ method: 'GET', url: made.ticket_url, headers: clerk.headers });
    expect(ticket.statusCode).toBe(200);
    const text = pdfText(ticket.rawPayload);
    expect(text).toContain(made.order_number);
    expect(text).toContain('CUSTOMER WAITING');
    expect(text).toMatch(/Ready by \d/);

    // The receipt e-mail: paid in cash at the counter, and no link to an account page the customer does not have.
    await app.ctx.notifier.settle();
    const mail = readOutbox(app.dataDir).find((m) => m.includes('To: padma@example.com'));
    expect(mail).toContain(`Order ${made.order_number} placed`);
    expect(mail).toContain('in cash at the counter');
    expect(mail).not.toContain('/order-tracking/');
  });

  it('takes paper originals: priced by the pages staff counted, photocopied by hand (nothing to download or send to a printer)', async () => {
    // Aadhaar copy: 2 pages × 10 copies × ₹5 = ₹100; a 12-page colour original double-sided: 6 sheets × ₹18 = ₹108.
    const body = walkInBody(bw.id, 20800, {
      documents: [
        { source: 'paper', label: 'Aadhaar copy', pages: 2, options: printOptions(bw.id, { copies: 10 }) as never },
        {
          source: 'paper',
          pages: 12,
          options: printOptions(colour.id, { printingType: 'color', sides: 'double' }) as never,
        },
      ],
      payment: { method: 'upi_counter', received: true, reference: '431298765012' },
      pickup: 'later',
    });
    const res = await placeWalkIn(app, clerk.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().order;
    expect(made).toMatchObject({ total_amount: 208, payment_method: 'upi_counter', pickup: 'later' });
    // Coming back later: a pickup code, as for online pickup orders.
    expect(made.pickup_code).toMatch(/^\d{6}$/);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, made.id));
    expect(row).toMatchObject({
      paymentId: '431298765012',
      customerWaiting: false,
      documentNames: 'Aadhaar copy\nPaper original',
    });
    const [paper] = await app.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, made.id));
    expect(paper).toMatchObject({ fileId: null, originalFilename: 'Aadhaar copy', filePath: '', paperOriginal: true });

    const card = (
      await app.inject({ method: 'GET', url: `/api/staff/orders?search=${made.order_number}`, headers: clerk.headers })
    ).json()[0];
    expect(
      card.documents.map((d: { original_filename: string; paper_original?: boolean; page_count: number }) => [
        d.original_filename,
        d.paper_original,
        d.page_count,
      ]),
    ).toEqual([
      ['Aadhaar copy', true, 2],
      ['Paper original', true, 12],
    ]);
    const download = await app.inject({ method: 'GET', url: card.documents[0].download_url, headers: clerk.headers });
    expect(download.statusCode).toBe(404);
    expect(download.json().message).toContain('paper original');
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${made.id}/file`, headers: clerk.headers })).statusCode,
    ).toBe(404);
    const print = await app.inject({
      method: 'POST',
      url: `/api/print/orders/${made.id}`,
      headers: { ...clerk.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(print.statusCode).toBe(409);
    expect(print.json().code).toBe('paper_only');
    const ticket = pdfText(
      (await app.inject({ method: 'GET', url: made.ticket_url, headers: clerk.headers })).rawPayload,
    );
    expect(ticket).toContain('paper original: photocopy by hand');
    expect(ticket).toContain('Aadhaar copy');
  });

  it('keeps a counter upload ticked sensitive print-only: nobody downloads it, as for customers (decision 026)', async () => {
    const upload = (await counterUpload(app, clerk.headers, 'page-a4-1p.pdf', 'Aadhaar.pdf')).json();
    const res = await placeWalkIn(
      app,
      clerk.headers,
      walkInBody(bw.id, 500, {
        documents: [
          { source: 'upload', fileId: upload.file.id, options: printOptions(bw.id) as never, sensitive: true },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const card = (
      await app.inject({
        method: 'GET',
        url: `/api/staff/orders?search=${res.json().order.order_number}`,
        headers: clerk.headers,
      })
    ).json()[0];
    expect(card.documents[0].sensitive).toBe(true);
    const download = await app.inject({ method: 'GET', url: card.documents[0].download_url, headers: clerk.headers });
    expect(download.statusCode).toBe(403);
    expect(download.json().code).toBe('sensitive_document');
  });

  it('sells what customers buy (decision 036): colour pages in colour, the rest black & white, on a page range, and a photo under its own name', async () => {
    // The counter upload is the colour-case leaflet: colour on pages 4, 5 and 6.
    const { multipartBody } = await import('../pdf/multipart.ts');
    const { casesPdf } = await import('../helpers/colour-cases.ts');
    const body = await multipartBody(Buffer.from(await casesPdf()), 'leaflet.pdf');
    const leaflet = (
      await app.inject({
        method: 'POST',
        url: '/api/counter/uploads',
        headers: { ...clerk.headers, ...body.headers },
        payload: body.payload,
      })
    ).json().file.id;
    // The counter asks which pages hold colour, as the customer's wizard does.
    const colours = await app.inject({
      method: 'GET',
      url: `/api/counter/uploads/${leaflet}/colours`,
      headers: clerk.headers,
    });
    expect(colours.json()).toEqual({ pageCount: 7, colourPages: [4, 5, 6] });
    // Another clerk's upload is not found.
    const other = await createStaff(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/counter/uploads/${leaflet}/colours`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    const photoBody = await multipartBody(
      fs.readFileSync(new URL('../fixtures/convert/card.png', import.meta.url)),
      'card.png',
      { type: 'image/png' },
    );
    const photo = (
      await app.inject({
        method: 'POST',
        url: '/api/counter/uploads',
        headers: { ...clerk.headers, ...photoBody.headers },
        payload: photoBody.payload,
      })
    ).json().file.id;
    // Pages 3-6: 3 colour pages × ₹10 + 1 black & white page at the partner's rate (the seeded Black & White A4 75 GSM,
    // the lowest id on the colour service's paper: ₹2.50) = ₹32.50 (all in colour would be ₹40); the photo ₹10.
    const documents = [
      {
        source: 'upload',
        fileId: leaflet,
        options: printOptions(colour.id, { printingType: 'color' }),
        pageRange: '3-6',
        colourMode: 'mixed',
      },
      { source: 'upload', fileId: photo, options: printOptions(colour.id, { printingType: 'color' }) },
    ];
    const wrong = await placeWalkIn(app, clerk.headers, walkInBody(bw.id, 5000, { documents: documents as never }));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().expectedAmount).toBe(4250);
    const res = await placeWalkIn(app, clerk.headers, walkInBody(bw.id, 4250, { documents: documents as never }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await app.ctx.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, res.json().order.id))
      .orderBy(orderDocuments.position);
    expect(
      rows.map((r) => [
        r.originalFilename,
        r.convertedFrom,
        r.pageRange,
        r.printedPages,
        r.colourMode,
        r.colourPages,
        r.printingCost,
      ]),
    ).toEqual([
      ['leaflet.pdf', null, '3-6', 4, 'mixed', '4-6', 3250],
      ['card.png', 'png', '', 1, 'all', '', 1000],
    ]);
  });

  it('makes one order of a double tap: the same request key answers with the order made the first time', async () => {
    const body = walkInBody(bw.id, 12000);
    const [a, b] = await Promise.all([placeWalkIn(app, clerk.headers, body), placeWalkIn(app, clerk.headers, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().order.order_number).toBe(b.json().order.order_number);
    const again = await placeWalkIn(app, clerk.headers, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, order: { order_number: a.json().order.order_number } });
    const made = await app.ctx.db
      .select()
      .from(orders)
      .where(like(orders.counterRequestKey, `%${body.requestKey}`));
    expect(made).toHaveLength(1);
    expect(await app.ctx.db.select().from(invoices).where(eq(invoices.orderId, made[0]!.id))).toHaveLength(1);
  });

  it('a request key is the clerk’s own, and the same key with other details is refused, changing nothing (decision 033)', async () => {
    const body = walkInBody(bw.id, 12000);
    const first = await placeWalkIn(app, clerk.headers, body);
    expect(first.statusCode).toBe(201);
    const orderNumber = first.json().order.order_number;
    const count = async () =>
      (
        await app.ctx.db
          .select()
          .from(orders)
          .where(like(orders.counterRequestKey, `%${body.requestKey}`))
      ).length;

    // The same key from the same clerk with another customer, amount or payment: 409, no second order, no change.
    for (const other of [
      { ...body, customer: { name: 'Somebody Else', mobile: '+91 90000 22222', email: 'victim@example.com' } },
      { ...body, payment: { method: 'upi_counter', received: true, reference: 'UPI123' } },
      {
        ...body,
        documents: [{ source: 'paper', pages: 13, options: printOptions(bw.id, { copies: 2 }) as never }],
        amount: 13000,
      },
    ]) {
      const res = await placeWalkIn(app, clerk.headers, other);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        code: 'request_key_reused',
        message: `This form was already sent as order ${orderNumber} with other details. Check that order in the queue, or start a new walk-in order.`,
      });
    }
    expect(await count()).toBe(1);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(row).toMatchObject({
      userName: 'Padma Rao',
      customerEmail: null,
      paymentMethod: 'cash',
      totalAmount: 12000,
    });

    // The same body again (a retry) still answers with the first order; fields in another order are the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await placeWalkIn(app, clerk.headers, reordered);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.order_number).toBe(orderNumber);

    // Another clerk's form that happens to carry the same key is that clerk's own order, never the first clerk's.
    const other = await createStaff(app, { name: 'Sita' });
    const theirs = await placeWalkIn(app, other.headers, {
      ...body,
      customer: { name: 'Lakshmi', mobile: '+91 90000 33333' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().order.order_number).not.toBe(orderNumber);
    expect(theirs.json().order.customer_name).toBe('Lakshmi');
    expect(await count()).toBe(2);
  });
});
