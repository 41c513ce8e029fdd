import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatusChange } from '../../src/modules/orders/order-transition.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff, signInAdmin } from '../factories/index.ts';
import { placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

/** Every status change goes through one function, and whoever listens hears each committed change once. */
describe.each(DATABASES)('order status changes on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const heard: OrderStatusChange[] = [];
  beforeAll(async () => {
    app = await createTestApp({ db });
    app.ctx.orderStatusListeners.push((_ctx, change) => {
      heard.push(change);
    });
    // A listener that fails (a mail server down) never undoes or fails the change.
    app.ctx.orderStatusListeners.push(() => {
      throw new Error('listener down');
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('payment, a clerk download, a status set twice and a refused change: each committed change heard once, in order', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 12);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const clerk = await createStaff(app, { name: 'Ramu' });
    const admin = await signInAdmin(app);
    const mine = () => heard.filter((h) => h.order.id === draft.orderId).map((h) => [h.from, h.to, h.actor.kind]);
    expect(mine()).toEqual([['pending_payment', 'unvisited', 'customer']]);

    const download = await app.inject({
      method: 'GET',
      url: `/api/orders/${draft.orderId}/file`,
      headers: { ...clerk.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(download.statusCode).toBe(200);
    const set = (status: string, headers = admin.headers) =>
      app.inject({ method: 'PATCH', url: `/api/admin/orders/${draft.orderId}/status`, headers, payload: { status } });
    expect((await set('processing')).statusCode).toBe(200);
    expect((await set('processing')).statusCode).toBe(200); // no change: not heard again
    expect((await set('delivered')).statusCode).toBe(400); // a pickup order is collected, not delivered
    // A coded pickup order: the admin hands it over without the code only with a reason (decision 033).
    expect((await set('collected')).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/admin/orders/${draft.orderId}/status`,
          headers: admin.headers,
          payload: { status: 'collected', reason: 'Collected by her brother with her ID' },
        })
      ).json().status,
    ).toBe('collected');
    expect(mine()).toEqual([
      ['pending_payment', 'unvisited', 'customer'],
      ['unvisited', 'visited', 'staff'],
      ['visited', 'processing', 'admin'],
      ['processing', 'collected', 'admin'],
    ]);
  });

  it('two clerks setting the same status at once: one change, one event, heard once', async () => {
    const customer = await createCustomer(app);
    const order = await createPaidOrder(app, customer.record.id, { deliveryType: 'pickup' });
    const a = await createStaff(app, { name: 'Ramu' });
    const b = await createStaff(app, { name: 'Sita' });
    const before = heard.length;
    const answers = await Promise.all(
      [a, b].map((c) =>
        app.inject({
          method: 'PATCH',
          url: `/api/staff/orders/${order.id}/status`,
          headers: c.headers,
          payload: { status: 'completed' },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(
      heard
        .slice(before)
        .filter((h) => h.order.id === order.id)
        .map((h) => h.to),
    ).toEqual(['completed']);
  });
});
