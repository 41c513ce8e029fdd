import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config/env.ts';
import { invoices, orders } from '../../src/db/schema/index.ts';
import { issueCreditNote, issueInvoiceInTx, type IssuedLine } from '../../src/modules/invoices/invoices.service.ts';
import {
  createCustomer,
  createService,
  createStaff,
  createUploadedFile,
  printOptions,
  setLanguage,
  signInAdmin,
} from '../factories/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { pdfText, poppler } from '../helpers/poppler.ts';
import {
  adminRefund,
  createDraft,
  createOrderBody,
  payDraft,
  placePaidOrder,
  setupCustomerWithFile,
  type Customer,
} from '../payments/flow.ts';
import { placeWalkIn, walkInBody } from '../walk-in/support.ts';
import { LOCAL_GSTIN, REGULAR_GST, SHOP_GSTIN, TELANGANA_GSTIN } from '../helpers/gst.ts';

/**
 * Decision 037: every tax document read back as a person or an accountant reads it, with poppler's pdftotext
 * (and pdfsig, pdfimages): regular, composition and unregistered shops; intra- and inter-state; B2B and B2C; refunds.
 */
const hasTeluguFont = fs.existsSync('/usr/share/fonts/truetype/noto/NotoSansTelugu-Regular.ttf');
type App = Awaited<ReturnType<typeof createTestApp>>;

/** pdftotext in reading order (not -layout), whitespace folded: a wrapped cell reads as one sentence. */
const readingOrder = (bytes: Uint8Array) => poppler('pdftotext', bytes, []).replace(/\s+/g, ' ');

/** A small black-on-white PNG, as an admin's scanned signature would be. */
function signaturePng(): Buffer {
  const w = 60;
  const h = 20;
  const raw = Buffer.alloc((w + 1) * h, 255);
  for (let y = 0; y < h; y++) {
    raw[y * (w + 1)] = 0;
    for (let x = 5; x < w - 5; x++)
      if (Math.abs(y - 10 - Math.round(6 * Math.sin(x / 5))) < 2) raw[y * (w + 1) + 1 + x] = 0;
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function documentsOf(app: App, orderId: number) {
  return app.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);
}

/** The order's document (or its latest credit note) as the customer downloads it. */
async function pdfOf(
  app: App,
  customer: { headers: Record<string, string> },
  orderNumber: string,
  kind: 'invoice' | 'credit_note' = 'invoice',
) {
  const list = (
    await app.inject({ method: 'GET', url: `/api/orders/${orderNumber}/invoices`, headers: customer.headers })
  ).json().invoices as Array<{ id: number; kind: string }>;
  const doc = list.filter((d) => d.kind === kind).at(-1)!;
  const res = await app.inject({
    method: 'GET',
    url: `/api/orders/${orderNumber}/invoices/${doc.id}/pdf`,
    headers: customer.headers,
  });
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, text: pdfText(res.rawPayload), id: doc.id };
}

/** A pickup of one file with the default options, at the price the checkout would show (paise). */
async function pickupOf(app: App, customer: Customer, serviceId: number, fileId: string) {
  const c = (
    await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { fileId, pdfInfo: { pageCount: 1 }, options: printOptions(serviceId) },
    })
  ).json();
  return { serviceId, fileId, amount: Math.round(c.totalCost * 100) };
}
type Pickup = Awaited<ReturnType<typeof pickupOf>>;

/** The checkout's create-order: a pickup of one file at `amount` (paise), with `businessBill` when given. */
function checkout(app: App, customer: Customer, pickup: Pickup, businessBill?: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/razorpay/create-order',
    headers: customer.headers,
    payload: {
      ...createOrderBody(pickup.serviceId, pickup.fileId, pickup.amount, { deliveryType: 'pickup' }),
      ...(businessBill ? { businessBill } : {}),
    },
  });
}

/** As checkout, then paid in the sandbox and verified: the order is placed. */
async function paidCheckout(app: App, customer: Customer, pickup: Pickup, businessBill?: Record<string, string>) {
  const res = await checkout(app, customer, pickup, businessBill);
  expect(res.statusCode, res.body).toBe(200);
  return payDraft(app, customer, res.json());
}

/** A business in Telangana, and one in the shop's own state (Andhra Pradesh). */
const TARNAKA_TRADERS = {
  customerGstin: TELANGANA_GSTIN,
  billingName: 'Tarnaka Traders',
  billingAddress: 'Tarnaka, Hyderabad',
};
const GUNTUR_GRAINS = {
  customerGstin: LOCAL_GSTIN,
  billingName: 'Guntur Grains',
  billingAddress: 'Mirchi Yard Road, Guntur',
};

const orderCount = async (app: App) => (await app.ctx.db.select({ id: orders.id }).from(orders)).length;

describe.each(DATABASES)('a regular shop’s tax invoices and credit notes on %s', (db) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      db,
      env: {
        GST_STATUS: 'regular',
        GST_GSTIN: SHOP_GSTIN,
        GST_LEGAL_NAME: 'Sri Sai Xerox & Printers',
        GST_DELIVERY_SAC: '996813',
        OPEN_DRAFTS_MAX: '100',
      },
    });
  });
  afterAll(async () => app?.close());

  it('B2C within the state: place of supply by name and code, one line per document with SAC, pages and equal CGST/SGST', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const [inv] = await documentsOf(app, draft.orderId);
    expect(inv!.placeOfSupply).toBe('37');
    expect(inv!.cgstPaise).toBe(inv!.sgstPaise);
    for (const l of inv!.lines as IssuedLine[]) expect(l.cgstPaise).toBe(l.sgstPaise);
    const { text } = await pdfOf(app, customer, draft.orderNumber);
    for (const expected of [
      'Tax Invoice',
      'Place of supply: Andhra Pradesh (37)',
      'Reverse charge: No',
      'State: Andhra Pradesh (37)',
      'CGST 9%',
      'SGST 9%',
      '998912',
      '996813',
      '38 pages',
      '1 delivery',
      'notes-a4-38p.pdf',
      'Authorised signatory',
      'For Sri Sai Xerox & Printers',
    ]) {
      expect(text).toContain(expected);
    }
    // The description is whole: the page count and copies are never cut off (read in reading order, lines joined).
    const { bytes } = await pdfOf(app, customer, draft.orderNumber);
    expect(readingOrder(bytes)).toContain('Test B/W A4: notes-a4-38p.pdf · 38 pages · B&W · 1 copy');
    expect(text).not.toContain('IGST');
  });

  it('B2B with a GSTIN of another state: its name and address asked for and printed, IGST, place of supply Telangana (36)', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const pickup = await pickupOf(app, customer, service.id, file.id);
    const before = await orderCount(app);
    const noAddress = await checkout(app, customer, pickup, {
      customerGstin: TELANGANA_GSTIN,
      billingName: 'Tarnaka Traders',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields['businessBill.billingAddress']).toMatch(/business address/);
    expect(await orderCount(app)).toBe(before);
    const { orderId, orderNumber } = await paidCheckout(app, customer, pickup, {
      ...TARNAKA_TRADERS,
      billingAddress: 'Plot 5, Tarnaka, Hyderabad 500017',
    });
    const [inv] = await documentsOf(app, orderId);
    expect([inv!.placeOfSupply, inv!.taxKind, inv!.cgstPaise, inv!.sgstPaise]).toEqual(['36', 'inter', 0, 0]);
    expect(inv!.taxablePaise + inv!.igstPaise).toBe(inv!.grossPaise);
    const { text } = await pdfOf(app, customer, orderNumber);
    for (const expected of [
      'Tarnaka Traders',
      `GSTIN: ${TELANGANA_GSTIN}`,
      'Address: Plot 5, Tarnaka, Hyderabad 500017',
      'State: Telangana (36)',
      'Place of supply: Telangana (36)',
      'IGST 18%',
      'IGST @ 18%',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CGST');
  });

  it('B2C of ₹50,000 taxable value or more picked up: refused without name, address and state (nothing made), printed with them', async () => {
    const customer = await createCustomer(app);
    const service = await createService(app, { priceSingleSide: 200_000, price: 200_000 }); // ₹2,000 a page
    const file = await createUploadedFile(app, customer.record.id, 'notes-a4-38p.pdf', 38);
    const pickup = await pickupOf(app, customer, service.id, file.id);
    expect((pickup.amount * 100) / 118).toBeGreaterThan(5_000_000);
    const before = await orderCount(app);
    const bare = await checkout(app, customer, pickup);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/₹50,000 or more carries the customer’s name, address and state/);
    expect(await orderCount(app)).toBe(before);
    const { orderNumber } = await paidCheckout(app, customer, pickup, {
      billingName: 'K. Ramesh Babu',
      billingAddress: '4-5-6 Arundelpet, Guntur 522002',
      stateCode: '37',
    });
    const { text } = await pdfOf(app, customer, orderNumber);
    for (const expected of [
      'K. Ramesh Babu',
      'Address: 4-5-6 Arundelpet, Guntur 522002',
      'State: Andhra Pradesh (37)',
      'Place of supply: Andhra Pradesh (37)',
    ])
      expect(text).toContain(expected);
  });

  it('the authorised signatory the admin sets (name and image) is printed on new documents; only the admin sets it', async () => {
    const admin = await signInAdmin(app);
    const clerk = await createStaff(app);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/admin/gst/settings',
          headers: clerk.headers,
          payload: { signatoryName: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/admin/gst/signature',
          headers: admin.headers,
          payload: { image: 'data:image/png;base64,AAAA' },
        })
      ).statusCode,
    ).toBe(400);
    const named = await app.inject({
      method: 'PUT',
      url: '/api/admin/gst/settings',
      headers: admin.headers,
      payload: { signatoryName: 'K. Venkata Rao' },
    });
    expect(named.statusCode, named.body).toBe(200);
    const withImage = await app.inject({
      method: 'PUT',
      url: '/api/admin/gst/signature',
      headers: admin.headers,
      payload: { image: `data:image/png;base64,${signaturePng().toString('base64')}` },
    });
    expect(withImage.statusCode, withImage.body).toBe(200);
    expect(withImage.json()).toMatchObject({
      status: 'regular',
      signatoryName: 'K. Venkata Rao',
      digitalSignature: false,
      signatureImage: { contentType: 'image/png' },
    });
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const { text, bytes } = await pdfOf(app, customer, draft.orderNumber);
    expect(text).toMatch(/K\. Venkata Rao\s+Authorised signatory/);
    expect(poppler('pdfimages', bytes, ['-list']).trim().split('\n')).toHaveLength(3); // header, rule, one image
    // A later change leaves this document as issued.
    await app.inject({ method: 'DELETE', url: '/api/admin/gst/signature', headers: admin.headers });
    await app.inject({
      method: 'PUT',
      url: '/api/admin/gst/settings',
      headers: admin.headers,
      payload: { signatoryName: 'Someone Else' },
    });
    const again = await pdfOf(app, customer, draft.orderNumber);
    expect(again.text).toContain('K. Venkata Rao');
    expect(poppler('pdfimages', again.bytes, ['-list']).trim().split('\n')).toHaveLength(3);
    await app.inject({
      method: 'PUT',
      url: '/api/admin/gst/settings',
      headers: admin.headers,
      payload: { signatoryName: null },
    });
  });

  it("a credit note names the invoice's number and date, and books each part under its line's own SAC (delivery under 996813)", async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const [inv] = await documentsOf(app, draft.orderId);
    const lines = inv!.lines as IssuedLine[];
    const note = await issueCreditNote(app.ctx.db, app.config, draft.orderId, inv!.grossPaise, 'Not delivered');
    const noteLines = note.lines as IssuedLine[];
    expect(noteLines.map((l) => [l.sac, l.grossPaise, l.taxablePaise, l.cgstPaise])).toEqual(
      lines.map((l) => [l.sac, l.grossPaise, l.taxablePaise, l.cgstPaise]),
    );
    expect(noteLines.map((l) => l.sac)).toEqual(['998912', '996813']);
    expect([note.taxablePaise, note.cgstPaise, note.sgstPaise]).toEqual([
      inv!.taxablePaise,
      inv!.cgstPaise,
      inv!.sgstPaise,
    ]);
    const { text } = await pdfOf(app, customer, draft.orderNumber, 'credit_note');
    const dated = new Date(inv!.issuedAt.getTime() + 330 * 60_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('-');
    for (const expected of [
      'Credit Note',
      note.serial,
      `Against tax invoice ${inv!.serial} dated ${dated}`,
      'Reason: Not delivered',
      '996813',
      'Place of supply: Andhra Pradesh (37)',
    ])
      expect(text).toContain(expected);
  });

  it('refunds across a financial year: a March invoice credited in April gets the new year’s note series and still names the March invoice', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const draft = await createDraft(app, customer, service.id, file.id);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    const march = await app.ctx.db.transaction((tx) =>
      issueInvoiceInTx(tx, app.config, row!, new Date('2031-03-31T12:00:00Z')),
    );
    expect(march.serial).toBe('PS/30-31/000001');
    const april = await issueCreditNote(
      app.ctx.db,
      app.config,
      draft.orderId,
      1500,
      'Faint pages',
      new Date('2031-04-01T04:00:00Z'),
    );
    expect(april.serial).toBe('CN/31-32/000001');
    const { text } = await pdfOf(app, customer, draft.orderNumber, 'credit_note');
    expect(text).toContain('Against tax invoice PS/30-31/000001 dated 31-03-2031');
    expect(text).toMatch(/Date: 01-04-2031/);
    // April's register names the March invoice by its number and date (not an internal id).
    const admin = await signInAdmin(app);
    const register = (
      await app.inject({ method: 'GET', url: '/api/admin/invoices.csv?month=2031-04', headers: admin.headers })
    ).body;
    expect(register).toContain(
      `"Credit note","CN/31-32/000001","2031-04-01","${draft.orderNumber}","PS/30-31/000001","2031-03-31"`,
    );
  });

  it('the admin gives a service a Telugu name and description and its own SAC: the catalogue carries them, the bill uses the SAC', async () => {
    const admin = await signInAdmin(app);
    const { customer, service, file } = await setupCustomerWithFile(app);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/admin/services/${service.id}`,
      headers: admin.headers,
      payload: { sac: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/services/${service.id}`,
      headers: admin.headers,
      payload: {
        name_te: 'బ్లాక్ & వైట్ ప్రింటింగ్ A4',
        description_te: 'నోట్సులు, రికార్డులకు స్పష్టమైన ప్రింట్లు.',
        sac: '998913',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await app.inject({ method: 'GET', url: '/api/services' }))
      .json()
      .find((s: { id: number }) => s.id === service.id);
    expect(listed).toMatchObject({
      name: 'Test B/W A4',
      name_te: 'బ్లాక్ & వైట్ ప్రింటింగ్ A4',
      description_te: 'నోట్సులు, రికార్డులకు స్పష్టమైన ప్రింట్లు.',
      sac: '998913',
    });
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const [inv] = await documentsOf(app, draft.orderId);
    expect((inv!.lines as IssuedLine[]).map((l) => l.sac)).toEqual(['998913']);
    // Emptied, the Telugu goes (Telugu pages show the English again).
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/admin/services/${service.id}`,
      headers: admin.headers,
      payload: { name_te: '', sac: '' },
    });
    expect(cleared.json()).toMatchObject({
      name_te: null,
      sac: null,
      description_te: 'నోట్సులు, రికార్డులకు స్పష్టమైన ప్రింట్లు.',
    });
  });

  it('a walk-in business customer gets a tax invoice with the GSTIN typed at the counter', async () => {
    const clerk = await createStaff(app);
    const service = await createService(app);
    const amount = 12 * 2 * 500;
    const bad = await placeWalkIn(app, clerk.headers, {
      ...walkInBody(service.id, amount),
      businessBill: { customerGstin: LOCAL_GSTIN, billingName: 'Guntur Grains' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['businessBill.billingAddress']).toBeDefined();
    const res = await placeWalkIn(app, clerk.headers, {
      ...walkInBody(service.id, amount),
      businessBill: {
        customerGstin: LOCAL_GSTIN,
        billingName: 'Guntur Grains',
        billingAddress: 'Mirchi Yard Road, Guntur 522004',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [inv] = await documentsOf(app, res.json().order.id);
    expect([inv!.documentType, inv!.customerGstin, inv!.billingName, inv!.taxKind]).toEqual([
      'tax_invoice',
      LOCAL_GSTIN,
      'Guntur Grains',
      'intra',
    ]);
    // A paper original is photocopying: SAC 998595.
    expect((inv!.lines as IssuedLine[]).map((l) => l.sac)).toEqual(['998595']);
  });
});

describe.skipIf(!hasTeluguFont)('Telugu in the bill PDF (needs Debian’s fonts-noto-core)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: 'pglite', env: REGULAR_GST });
  });
  afterAll(async () => app?.close());

  it('pdftotext gives the Telugu words as written: conjuncts, below-base consonants and zero-width non-joiners in logical order', async () => {
    const customer = await createCustomer(app, { name: 'శ్రీనివాస్ రావు' });
    await setLanguage(app, customer, 'te');
    const service = await createService(app);
    const file = await createUploadedFile(app, customer.record.id);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const { text } = await pdfOf(app, customer, draft.orderNumber);
    // ట్యాక్స్ ఇన్‌వాయిస్ keeps its ZWNJ (U+200C) after ఇన్; కస్టమర్ and మొత్తం keep their below-base consonants.
    for (const word of [
      'ట్యాక్స్ ఇన్\u200Cవాయిస్',
      'కస్టమర్',
      'శ్రీనివాస్ రావు',
      'మొత్తం',
      'సరఫరా స్థలం',
      'అధీకృత సంతకం',
      'ఇది కంప్యూటర్ ద్వారా తయారైన ఇన్\u200Cవాయిస్.',
    ])
      expect(text).toContain(word);
    expect(text).not.toMatch(/పను్న|కసమర్|ఇన్ వాయిస్/);
  });
});

describe('a digital signature pdfsig verifies, with a certificate the test makes', () => {
  let app: App;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gst-cert-'));
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${dir}/key.pem`,
      '-out',
      `${dir}/cert.pem`,
      '-days',
      '30',
      '-subj',
      '/CN=Sri Sai Xerox Signatory/O=Test Shop',
    ]);
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      `${dir}/key.pem`,
      '-in',
      `${dir}/cert.pem`,
      '-out',
      `${dir}/shop.p12`,
      '-passout',
      'pass:tiger-123',
    ]);
    app = await createTestApp({
      db: 'pglite',
      env: {
        GST_STATUS: 'regular',
        GST_GSTIN: SHOP_GSTIN,
        GST_SIGNING_P12: `${dir}/shop.p12`,
        GST_SIGNING_PASSPHRASE: 'tiger-123',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with a wrong passphrase or a missing file, naming the variable', () => {
    expect(() =>
      loadConfig({
        GST_STATUS: 'regular',
        GST_GSTIN: SHOP_GSTIN,
        GST_SIGNING_P12: `${dir}/shop.p12`,
        GST_SIGNING_PASSPHRASE: 'wrong',
      }),
    ).toThrow(/GST_SIGNING_P12: cannot open/);
    expect(() => loadConfig({ GST_SIGNING_P12: `${dir}/none.p12` })).toThrow(/GST_SIGNING_P12: cannot read/);
  });

  it('every document is signed over its whole content, and says so in the signatory block', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const { bytes, text } = await pdfOf(app, customer, draft.orderNumber);
    expect(text).toContain('Digitally signed');
    const sig = poppler('pdfsig', bytes);
    expect(sig).toContain('Signer Certificate Common Name: Sri Sai Xerox Signatory');
    expect(sig).toContain('Signature Validation: Signature is Valid.');
    expect(sig).toContain('Total document signed');
    // A byte changed in the signed content breaks it.
    const tampered = Buffer.from(bytes);
    tampered[300] = tampered[300]! ^ 1;
    expect(poppler('pdfsig', tampered)).not.toContain('Signature is Valid.');
  });
});

describe('a composition shop: bills of supply', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      db: 'pglite',
      env: { GST_STATUS: 'composition', GST_GSTIN: SHOP_GSTIN, OPEN_DRAFTS_MAX: '100' },
    });
  });
  afterAll(async () => app?.close());

  it('the declaration at the top, no tax and no "invoice" anywhere', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const { text } = await pdfOf(app, customer, draft.orderNumber);
    const first = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(first[0]).toMatch(/^Bill of Supply/);
    expect(first[1]).toBe('Composition taxable person, not eligible to collect tax on supplies');
    expect(text).toContain('998912');
    expect(text).not.toMatch(/invoice|CGST|SGST|IGST|Taxable value/i);
  });

  it('refuses a GSTIN of another state at checkout and at the counter, clearly and with nothing made', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const pickup = await pickupOf(app, customer, service.id, file.id);
    const before = await orderCount(app);
    const res = await checkout(app, customer, pickup, TARNAKA_TRADERS);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['businessBill.customerGstin']).toMatch(
      /composition scheme and cannot bill a business registered in another state \(this GSTIN is from Telangana\)/,
    );
    const clerk = await createStaff(app);
    const counter = await placeWalkIn(app, clerk.headers, {
      ...walkInBody(service.id, 12 * 2 * 500),
      businessBill: TARNAKA_TRADERS,
    });
    expect(counter.statusCode).toBe(400);
    expect(await orderCount(app)).toBe(before);
    // A business of the shop's own state is billed (a bill of supply with its GSTIN).
    const { orderId } = await paidCheckout(app, customer, pickup, GUNTUR_GRAINS);
    const [bill] = await documentsOf(app, orderId);
    expect([bill!.documentType, bill!.customerGstin, bill!.taxKind]).toEqual(['bill_of_supply', LOCAL_GSTIN, 'none']);
  });

  it('gets no GSTR-1 (it files CMP-08), and its refunds give credit notes against the bill of supply', async () => {
    const admin = await signInAdmin(app);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const res = await app.inject({ method: 'GET', url: `/api/admin/gstr1.zip?month=${month}`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('gstr1_not_regular');
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const [bill] = await documentsOf(app, draft.orderId);
    await issueCreditNote(app.ctx.db, app.config, draft.orderId, 500, 'Late');
    const { text } = await pdfOf(app, customer, draft.orderNumber, 'credit_note');
    expect(text).toContain(`Against bill of supply ${bill!.serial} dated`);
  });
});

describe('an unregistered shop: receipts', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: 'pglite', env: { OPEN_DRAFTS_MAX: '100' } });
  });
  afterAll(async () => app?.close());

  it('a receipt that looks like no tax invoice, and no GSTIN offered or taken', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.gst).toEqual({ status: 'unregistered', stateCode: '37', rateBp: 0 });
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const { text } = await pdfOf(app, customer, draft.orderNumber);
    expect(text).toMatch(/^\s*Receipt/);
    expect(text).toContain('The shop is not registered under GST: no tax is charged.');
    expect(text).not.toMatch(/SAC|Taxable|Place of supply|Reverse charge|GSTIN|invoice|supply above/i);
    const pickup = await pickupOf(app, customer, service.id, file.id);
    const res = await checkout(app, customer, pickup, GUNTUR_GRAINS);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not registered under GST/);
  });

  it('a refund gives a refund receipt in its own series, not a credit note', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const admin = await signInAdmin(app);
    const refund = await adminRefund(app, admin, draft.orderId, { amount: 20, reason: 'Two pages faint' });
    expect(refund.statusCode, refund.body).toBe(201);
    const notes = await app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, draft.orderId), eq(invoices.kind, 'credit_note')));
    expect(notes.map((n) => [n.serial.slice(0, 3), n.documentType, n.grossPaise])).toEqual([['RR/', 'receipt', 2000]]);
    const [receipt] = await documentsOf(app, draft.orderId);
    const { text } = await pdfOf(app, customer, draft.orderNumber, 'credit_note');
    expect(text).toMatch(/^\s*Refund Receipt/);
    expect(text).toContain(`Against receipt ${receipt!.serial} dated`);
    expect(text).toMatch(/Refunded\s+Rs\. 20\.00/);
    expect(text).not.toMatch(/credit note|invoice|SAC|Taxable|GSTIN/i);
  });
});
