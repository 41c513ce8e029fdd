import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createService } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { printOptions } from '../payments/flow.ts';

describe.each(DATABASES)('POST /api/pdf/calculate-cost on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('prices from pdfInfo when no file is named (a preview), in rupees', async () => {
    const customer = await createCustomer(app);
    const service = await createService(app, { priceSingleSide: 250, priceDoubleSide: 400 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: {
        pdfInfo: { pageCount: 700 },
        options: printOptions(service.id, { sides: 'double', copies: 3, spiralBinding: true }),
      },
    });
    expect(res.statusCode).toBe(200);
    // 350 sheets × 3 × ₹4 = ₹4200; spiral 2 books of 350 (₹50 each) × 3 = ₹300; ₹4500 − 5% (₹225) = ₹4275; delivery free.
    expect(res.json()).toEqual({
      printingCost: 4200,
      bindingCost: 300,
      additionalCost: 0,
      subtotal: 4500,
      discountRate: 5,
      discountAmount: 225,
      totalCost: 4275,
      pages: 700,
      copies: 3,
      totalSheets: 1050,
      books: 2,
      deliveryCharge: 0,
    });
  });

  it('needs a file or a page count, and a signed-in customer', async () => {
    const customer = await createCustomer(app);
    const service = await createService(app);
    const none = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { options: printOptions(service.id) },
    });
    expect(none.statusCode).toBe(400);
    const anon = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      payload: { pdfInfo: { pageCount: 3 }, options: printOptions(service.id) },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a side the service does not offer', async () => {
    const customer = await createCustomer(app);
    const service = await createService(app, { supportsDoubleSide: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { pdfInfo: { pageCount: 3 }, options: printOptions(service.id, { sides: 'double' }) },
    });
    expect(res.statusCode).toBe(400);
  });
});
