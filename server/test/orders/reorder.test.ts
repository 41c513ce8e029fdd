import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments } from '../../src/db/schema/index.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

/** "Print again" gives back an order's documents and options, and says which files are gone. */
describe.each(DATABASES)('print again on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives its customer the documents with their options and the kept files, and no one else anything', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const { order } = await placePaidOrder(app, customer, service.id, file.id, {
      options: { copies: 3, sides: 'double' },
    });
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.order_number}/reorder`,
      headers: customer.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.serviceId).toBe(service.id);
    expect(body.documents).toHaveLength(1);
    expect(body.documents[0].options).toMatchObject({ serviceId: service.id, copies: 3, sides: 'double' });
    expect(body.documents[0].upload.file.id).toBe(file.id);
    expect(body.documents[0].upload.pdfInfo.pageCount).toBe(38);
    expect(body.documents[0].colourMode).toBe('all');
    // Printed with only its colour pages in colour: printed again the same way, not all in colour.
    await app.ctx.db
      .update(orderDocuments)
      .set({ colourMode: 'mixed', colourPages: '3' })
      .where(eq(orderDocuments.orderId, order.id));
    const mixed = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.order_number}/reorder`,
      headers: customer.headers,
    });
    expect(mixed.json().documents[0].colourMode).toBe('mixed');

    const stranger = await createCustomer(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.order_number}/reorder`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);

    // The shop no longer keeps the file: the document comes back without it, to be uploaded again.
    await app.ctx.db.update(orderDocuments).set({ fileId: null }).where(eq(orderDocuments.orderId, order.id));
    const gone = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.order_number}/reorder`,
      headers: customer.headers,
    });
    expect(gone.json().documents[0]).toMatchObject({ name: 'notes-a4-38p.pdf', upload: null });
  });
});
