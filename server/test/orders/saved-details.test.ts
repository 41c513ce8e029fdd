import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createDraft, DELIVERY, placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

/** The mobile number and delivery addresses of paid orders are kept for the next order. */
describe.each(DATABASES)('saved details on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });
  const saved = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/profile/saved-details', headers });

  it('keeps what a paid order used, not what an unpaid draft typed, and lets the customer change or delete it', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    await createDraft(app, customer, service.id, file.id);
    expect((await saved(customer.headers)).json()).toEqual({ mobileNumber: null, addresses: [] });

    await placePaidOrder(app, customer, service.id, file.id);
    const after = (await saved(customer.headers)).json();
    expect(after.mobileNumber).toBe(DELIVERY.mobileNumber);
    expect(after.addresses).toEqual([
      {
        id: expect.any(Number),
        doorNumber: DELIVERY.doorNumber,
        address: DELIVERY.address,
        landmark: null,
        pincode: DELIVERY.pincode,
        mobileNumber: DELIVERY.mobileNumber,
      },
    ]);
    // The same address again is the same entry.
    await placePaidOrder(app, customer, service.id, file.id);
    expect((await saved(customer.headers)).json().addresses).toHaveLength(1);

    const bad = await app.inject({
      method: 'PUT',
      url: '/api/profile/mobile',
      headers: customer.headers,
      payload: { mobileNumber: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/profile/mobile',
      headers: customer.headers,
      payload: { mobileNumber: '9848011111' },
    });
    expect(changed.json().mobileNumber).toBe('9848011111');

    const stranger = await createCustomer(app);
    expect((await saved(stranger.headers)).json().addresses).toEqual([]);
    const id = after.addresses[0].id;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/profile/addresses/${id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/profile/addresses/${id}`, headers: customer.headers }))
        .statusCode,
    ).toBe(204);
    expect((await saved(customer.headers)).json().addresses).toEqual([]);
  });

  it('takes numbers and pincodes as people type them and keeps the digits (decision 039)', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 4);
    const typed = {
      address: 'Lakshmipuram Main Road',
      doorNumber: '12-3',
      pincode: '522 002',
      mobileNumber: '+91 93900 11223',
      confirmMobileNumber: '093900-11223',
    };
    const draft = await createDraft(app, customer, service.id, file.id, { deliveryDetails: typed });
    const order = (
      await app.inject({ method: 'GET', url: `/api/orders/${draft.orderNumber}`, headers: customer.headers })
    ).json();
    expect(order).toMatchObject({ mobile_number: '9390011223', pincode: '522002' });
    const pickup = await createDraft(app, customer, service.id, file.id, {
      deliveryType: 'pickup',
      deliveryDetails: { mobileNumber: '0091 70135-44444' },
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${pickup.orderNumber}`, headers: customer.headers })).json()
        .mobile_number,
    ).toBe('7013544444');
    const mine = await app.inject({
      method: 'PUT',
      url: '/api/profile/mobile',
      headers: customer.headers,
      payload: { mobileNumber: '+91 98480 22222' },
    });
    expect(mine.json().mobileNumber).toBe('9848022222');
    const short = await app.inject({
      method: 'PUT',
      url: '/api/profile/mobile',
      headers: customer.headers,
      payload: { mobileNumber: '+91 98480 2222' },
    });
    expect(short.statusCode).toBe(400);
  });
});
