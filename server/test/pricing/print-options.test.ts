import type { Service } from '@shop/shared/catalog/schemas';
import { PRINT_OPTIONS_NOT_OFFERED } from '@shop/shared/catalog/print-offer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments, orders, payments } from '../../src/db/schema/index.ts';
import { createService, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import {
  createDraft,
  createOrderBody,
  placePaidOrder,
  printOptions,
  setupCustomerWithFile,
  type Customer,
} from '../payments/flow.ts';

/**
 * Print options are bound to the service (decision 009). The ₹2 B&W A4 service asked for Colour A3 Photo Paper
 * (or PVC) was sold at ₹2 a page and shown to the counter as Colour A3 Photo Paper. Every step that takes money now
 * refuses a service asked to print anything but its own printing type, paper size and paper type.
 */
describe.each(DATABASES)('the service decides the print on %s', (db) => {
  let app: TestApp;
  let demo: Record<string, Service>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    const list = (await app.inject({ method: 'GET', url: '/api/services' })).json() as Service[];
    demo = Object.fromEntries(list.map((s) => [s.name, s]));
  });
  afterAll(async () => {
    await app?.close();
  });

  const ATTACK = { printingType: 'color', paperSize: 'a3', paperType: 'photo_paper' };
  const quote = (customer: Customer, fileId: string, options: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { fileId, options },
    });
  const draftsOf = (customer: Customer) =>
    app.ctx.db.select().from(orders).where(eq(orders.userId, customer.record.id));

  it("the issue's attack: B&W A4 service with Colour, A3, Photo Paper is refused by the quote and by create-order, nothing stored", async () => {
    const { customer, file } = await setupCustomerWithFile(app, 38);
    const bw = demo['Black & White Printing A4']!;
    const options = printOptions(bw.id, ATTACK);

    const q = await quote(customer, file.id, options);
    expect(q.statusCode).toBe(400);
    expect(q.json()).toMatchObject({
      code: PRINT_OPTIONS_NOT_OFFERED,
      message:
        '"Black & White Printing A4" prints Black & White on A4 White 70 GSM, not Color on A3 Photo Paper. Please choose printing options one of our services offers.',
      fields: {
        printingType: 'Not offered by this service',
        paperSize: 'Not offered by this service',
        paperType: 'Not offered by this service',
      },
    });

    // 38 pages at the B&W A4 ₹2 a page + ₹30 delivery: what the attacker hoped to pay.
    const res = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(bw.id, file.id, 38 * 200 + 3000, { options: ATTACK }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(PRINT_OPTIONS_NOT_OFFERED);
    expect(await draftsOf(customer)).toHaveLength(0);
  });

  it.each([
    ['PVC on a paper service', 'Black & White Printing A4', { printingType: 'pvc' }, ['printingType']],
    ['paper of another service', 'Black & White Printing A4', { paperType: 'bond_100gsm' }, ['paperType']],
    ['a size the service does not print', 'Color Printing A4', { paperSize: 'a3' }, ['paperSize']],
    // Offered by "Color Printing A3 Poster", but asked of the A4 service at its cheaper price.
    [
      "another service's print at this one's price",
      'Color Printing A4',
      { paperSize: 'a3', paperType: 'bond_100gsm' },
      ['paperSize', 'paperType'],
    ],
    [
      'paper on a PVC service',
      'PVC ID Card',
      { printingType: 'color', paperType: 'white_75gsm' },
      ['printingType', 'paperType'],
    ],
  ])('%s is refused (%s)', async (_what, name, change, fields) => {
    const { customer, file } = await setupCustomerWithFile(app, 4);
    const service = demo[name]!;
    const options = printOptions(service.id, {
      printingType: service.printing_type,
      paperSize: service.paper_size,
      paperType: service.paper_type,
      ...change,
    });
    const q = await quote(customer, file.id, options);
    expect(q.statusCode).toBe(400);
    expect(q.json().code).toBe(PRINT_OPTIONS_NOT_OFFERED);
    expect(Object.keys(q.json().fields).sort()).toEqual([...fields].sort());
    const res = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 100, { options }),
    });
    expect(res.json().code).toBe(PRINT_OPTIONS_NOT_OFFERED);
    expect(await draftsOf(customer)).toHaveLength(0);
  });

  it('Colour A3 is priced by the service that prints it; the paid order records that service and its print', async () => {
    const { customer, file } = await setupCustomerWithFile(app, 38);
    const a3 = demo['Color Printing A3 Poster']!;
    // Spellings the wizard and the original API use (A3, photo) are the service's own print after parsing.
    const own = { printingType: 'color', paperSize: 'A3', paperType: 'bond_100gsm' };
    const q = await quote(customer, file.id, printOptions(a3.id, own));
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ printingCost: 38 * 30, totalSheets: 38 });
    const { order } = await placePaidOrder(app, customer, a3.id, file.id, { options: own });
    expect(order).toMatchObject({
      service_id: a3.id,
      service_name: 'Color Printing A3 Poster',
      printing_type: 'color',
      paper_size: 'a3',
      paper_type: 'bond_100gsm',
      printing_cost: 1140,
    });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ totalAmount: 114000 - 4560 + 3000 }); // 4% off ₹1140, ₹30 delivery
    const [doc] = await app.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id));
    expect(doc).toMatchObject({ serviceId: a3.id, printingType: 'color', paperSize: 'a3', paperType: 'bond_100gsm' });
  });

  it('a service changed after the quote: create-order refuses the old print (no draft, no provider order)', async () => {
    const admin = await signInAdmin(app);
    const { customer, file } = await setupCustomerWithFile(app, 4);
    const service = await createService(app, { name: 'Soon Bond Paper', paperType: 'white_75gsm' });
    const options = printOptions(service.id);
    const cost = (await quote(customer, file.id, options)).json();
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/admin/services/${service.id}`,
      headers: admin.headers,
      payload: { paper_type: 'bond_80gsm' },
    });
    expect(edit.statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, Math.round((cost.totalCost + cost.deliveryCharge) * 100)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: PRINT_OPTIONS_NOT_OFFERED,
      fields: { paperType: 'Not offered by this service' },
    });
    expect(await draftsOf(customer)).toHaveLength(0);
    // The quote's short service cache is dropped on the change too.
    expect((await quote(customer, file.id, options)).json().code).toBe(PRINT_OPTIONS_NOT_OFFERED);
    expect((await quote(customer, file.id, printOptions(service.id, { paperType: 'bond_80gsm' }))).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['double', { supportsDoubleSide: false }, 'This service does not offer double-sided printing'],
    ['single', { supportsSingleSide: false }, 'This service does not offer single-sided printing'],
  ] as const)('%s-sided on a service without it is refused by create-order too', async (sides, support, message) => {
    const { customer, file } = await setupCustomerWithFile(app, 4);
    const service = await createService(app, support);
    const options = { sides };
    expect((await quote(customer, file.id, printOptions(service.id, options))).json().message).toBe(message);
    const res = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 1000, { options }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { sides: 'Not available for this service' } });
    expect(await draftsOf(customer)).toHaveLength(0);
    expect(await app.ctx.db.select().from(payments)).not.toContainEqual(expect.objectContaining({ amount: 1000 }));
  });

  it("a draft made for the right print still pays normally (createDraft with the service's own print)", async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 4);
    const draft = await createDraft(app, customer, service.id, file.id);
    const [row] = await app.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, draft.orderId));
    expect(row).toMatchObject({
      serviceId: service.id,
      serviceName: service.name,
      printingType: service.printingType,
      paperSize: service.paperSize,
      paperType: service.paperType,
    });
  });
});
