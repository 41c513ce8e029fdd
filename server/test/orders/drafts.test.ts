import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createDraft, sandboxPay, setupCustomerWithFile, verify } from '../payments/flow.ts';

/** A cancelled or failed payment (decision 002) leaves an unpaid order its customer can pay later or discard. */
describe.each(DATABASES)('unpaid orders awaiting payment on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  const drafts = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/orders/drafts', headers });
  const payAgain = (headers: Record<string, string>, ref: string) =>
    app.inject({ method: 'POST', url: `/api/orders/drafts/${ref}/pay`, headers });
  const discard = (headers: Record<string, string>, ref: string) =>
    app.inject({ method: 'DELETE', url: `/api/orders/drafts/${ref}`, headers });

  it('lists the draft to its customer only, reopens its payment at the agreed amount, and drops it once paid', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const list = await drafts(customer.headers);
    expect(list.statusCode).toBe(200);
    const [listed] = list.json();
    expect(listed.order_number).toBe(draft.orderNumber);
    expect(listed.documents.map((d: { original_filename: string }) => d.original_filename)).toEqual([
      'notes-a4-38p.pdf',
    ]);
    expect(new Date(listed.expires_at).getTime()).toBeGreaterThan(Date.now());

    const stranger = await createCustomer(app);
    expect((await drafts(stranger.headers)).json()).toEqual([]);
    expect((await payAgain(stranger.headers, draft.orderNumber)).statusCode).toBe(404);
    expect((await discard(stranger.headers, draft.orderNumber)).statusCode).toBe(404);

    const again = await payAgain(customer.headers, draft.orderNumber);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: draft.id, amount: draft.amount, orderNumber: draft.orderNumber });
    const proof = await sandboxPay(app, customer, again.json().id);
    expect((await verify(app, customer, proof)).statusCode).toBe(200);
    expect((await drafts(customer.headers)).json()).toEqual([]);
    // A paid order is not a draft any more.
    expect((await payAgain(customer.headers, draft.orderNumber)).statusCode).toBe(404);
  });

  it('discards a draft: gone from the list, its payment not offered again', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id);
    expect((await discard(customer.headers, draft.orderNumber)).statusCode).toBe(204);
    expect((await drafts(customer.headers)).json()).toEqual([]);
    const res = await payAgain(customer.headers, draft.orderNumber);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This unpaid order has expired. Please place it again.');
  });

  it('an old draft has expired: not listed, not payable', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id);
    const old = new Date(Date.now() - (app.ctx.config.DRAFT_EXPIRY_HOURS + 1) * 3600_000);
    await app.ctx.db.update(orders).set({ createdAt: old }).where(eq(orders.orderNumber, draft.orderNumber));
    expect((await drafts(customer.headers)).json()).toEqual([]);
    expect((await payAgain(customer.headers, draft.orderNumber)).statusCode).toBe(409);
  });
});
