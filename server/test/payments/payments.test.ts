import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments, orders, orderStatusEvents, payments, services } from '../../src/db/schema/index.ts';
import type { ShopEvent } from '../../src/modules/events/events.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/reconcile.ts';
import { createCustomer, createService, createUploadedFile } from '../factories/index.ts';
import { signedWebhook } from '../fakes/razorpay-fake.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import {
  createDraft,
  createOrderBody,
  deliverWebhook,
  DELIVERY,
  printOptions,
  sandboxPay,
  setupCustomerWithFile,
  verify,
} from './flow.ts';
import { RECONCILE_JOB } from '../../src/modules/payments/reconcile.ts';
import { jobRow } from '../../src/jobs/runner.ts';

describe.each(DATABASES)('order and payment on %s (sandbox provider)', (db) => {
  let app: TestApp;
  const published: ShopEvent[] = [];
  beforeAll(async () => {
    app = await createTestApp({ db, published });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A customer with a 38-page upload and a draft of it, at the server's price. */
  const newDraft = async () => {
    const setup = await setupCustomerWithFile(app);
    return { ...setup, draft: await createDraft(app, setup.customer, setup.service.id, setup.file.id) };
  };
  const orderRow = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const ordersOf = (userId: number) => app.ctx.db.select().from(orders).where(eq(orders.userId, userId));
  const eventsOf = (orderId: number) =>
    app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId));
  const paidEventsFor = (orderNumber: string) =>
    published.filter((e) => e.type === 'order.paid' && e.orderNumber === orderNumber);

  it('happy path: cost → create-order → sandbox checkout → verify → paid order with a timeline', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const cost = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      // The client's page count is ignored when a fileId is sent.
      payload: { fileId: file.id, pdfInfo: { pageCount: 1 }, options: printOptions(service.id), unknownField: true },
    });
    expect(cost.statusCode).toBe(200);
    // 38 pages × ₹5 = ₹190; no discount below ₹500; delivery ₹30.
    expect(cost.json()).toEqual({
      printingCost: 190,
      bindingCost: 0,
      additionalCost: 0,
      subtotal: 190,
      discountRate: 0,
      discountAmount: 0,
      totalCost: 190,
      pages: 38,
      copies: 1,
      totalSheets: 38,
      books: 0,
      deliveryCharge: 30,
    });

    const created = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 22000),
    });
    expect(created.statusCode).toBe(200);
    const draft = created.json();
    expect(draft).toMatchObject({ amount: 22000, currency: 'INR', provider: 'sandbox', key: 'rzp_test_sandbox' });
    expect(draft.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(draft.orderNumber).toMatch(/^PS-\d{6}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(draft.prefill).toEqual({ name: customer.record.name, email: customer.record.email, contact: '9876543210' });
    const row = await orderRow(draft.orderId);
    expect(row).toMatchObject({
      status: 'pending_payment',
      totalAmount: 22000,
      deliveryCharge: 3000,
      razorpayOrderId: draft.id,
      paymentStatus: 'pending',
    });
    // The pages live on the order's document (decision 036).
    const [doc] = await app.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, draft.orderId));
    expect(doc).toMatchObject({ pageCount: 38, position: 1 });

    // A draft is not in the customer's history.
    const history = await app.inject({ method: 'GET', url: '/api/orders/user', headers: customer.headers });
    expect(history.json()).toEqual([]);

    const proof = await sandboxPay(app, customer, draft.id);
    expect(proof.razorpay_payment_id).toMatch(/^pay_/);
    expect(proof.razorpay_signature).toBe(
      crypto
        .createHmac('sha256', app.ctx.config.RAZORPAY_KEY_SECRET)
        .update(`${draft.id}|${proof.razorpay_payment_id}`)
        .digest('hex'),
    );

    const verified = await verify(app, customer, proof);
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body).toMatchObject({ verified: true, orderId: draft.orderId, orderNumber: draft.orderNumber });
    expect(body.order).toMatchObject({
      status: 'unvisited',
      payment_status: 'completed',
      payment_id: proof.razorpay_payment_id,
      total_amount: 220,
      delivery_charge: 30,
    });
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, draft.orderId));
    expect(payment).toMatchObject({
      status: 'captured',
      providerPaymentId: proof.razorpay_payment_id,
      confirmedBy: 'verify',
      amount: 22000,
    });
    expect(paidEventsFor(draft.orderNumber)).toHaveLength(1);

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: customer.headers,
      payload: { razorpay_order_id: draft.id, payment_id: proof.razorpay_payment_id, payment_status: 'completed' },
    });
    expect(confirm.statusCode).toBe(201);
    expect(confirm.json()).toMatchObject({
      orderId: draft.orderId,
      orderNumber: draft.orderNumber,
      order_number: draft.orderNumber,
    });

    const tracking = await app.inject({
      method: 'GET',
      url: `/api/orders/${draft.orderNumber}`,
      headers: customer.headers,
    });
    expect(tracking.statusCode).toBe(200);
    expect(tracking.json().status).toBe('unvisited');
    expect(tracking.json().timeline).toEqual([
      expect.objectContaining({
        from_status: 'pending_payment',
        to_status: 'unvisited',
        actor_kind: 'customer',
        actor_name: customer.record.name,
      }),
    ]);
  });

  it('pickup records Self Pickup, N/A, the pickup pincode and no delivery charge', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    expect(draft.amount).toBe(19000);
    const row = await orderRow(draft.orderId);
    expect(row).toMatchObject({
      address: 'Self Pickup',
      doorNumber: 'N/A',
      pincode: '522002',
      deliveryCharge: 0,
      deliveryType: 'pickup',
      mobileNumber: '9876543210',
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 19000, {
        deliveryType: 'pickup',
        deliveryDetails: { mobileNumber: '98765' },
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid 10-digit mobile number for self pickup');
  });

  it.each([0, -1, 1.5, 1e9])('refuses %s copies, on cost and on create-order, writing nothing', async (copies) => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const cost = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { fileId: file.id, options: printOptions(service.id, { copies }) },
    });
    expect(cost.statusCode).toBe(400);
    expect(cost.json().fields['options.copies']).toBeTruthy();
    const create = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 22000, { options: { copies } }),
    });
    expect(create.statusCode).toBe(400);
    expect(await ordersOf(customer.record.id)).toHaveLength(0);
  });

  it.each([
    ['unknown', async () => 999999],
    ['deleted', async () => (await createService(app, { deleted: true })).id],
    ['inactive', async () => (await createService(app, { isActive: false })).id],
  ])('refuses an %s service', async (_label, makeId) => {
    const { customer, file } = await setupCustomerWithFile(app);
    const serviceId = await makeId();
    const cost = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { fileId: file.id, options: printOptions(serviceId) },
    });
    expect(cost.statusCode).toBe(404);
    expect(cost.json().message).toBe('Service not found');
    const create = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(serviceId, file.id, 22000),
    });
    expect(create.statusCode).toBe(404);
    expect(await ordersOf(customer.record.id)).toHaveLength(0);
  });

  it('refuses two bindings', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: { fileId: file.id, options: printOptions(service.id, { spiralBinding: true, lamination: true }) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose only one binding option');
  });

  it('prices spiral binding of a 351-page document as two books', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 351);
    const res = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: customer.headers,
      payload: {
        fileId: file.id,
        options: printOptions(service.id, { spiralBinding: true, sides: 'double', copies: 2 }),
      },
    });
    // 176 sheets × 2 × ₹8 = ₹2816; binding (₹40 + ₹40) × 2 = ₹160; subtotal ₹2976, 5% = ₹148.80.
    expect(res.json()).toMatchObject({
      printingCost: 2816,
      bindingCost: 160,
      subtotal: 2976,
      discountRate: 5,
      discountAmount: 148.8,
      totalCost: 2827.2,
      books: 2,
      totalSheets: 352,
      deliveryCharge: 0,
    });
  });

  it('refuses a pincode outside the delivery list, and a bad mobile number', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 22000, { deliveryDetails: { ...DELIVERY, pincode: '500001' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sorry, our service is not available at your location.');
    const mobile = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 22000, {
        deliveryDetails: { ...DELIVERY, mobileNumber: '1234567890', confirmMobileNumber: undefined },
      }),
    });
    expect(mobile.json().message).toBe('Please enter a valid Indian mobile number');
    expect(await ordersOf(customer.record.id)).toHaveLength(0);
  });

  it('refuses a client amount that differs from the price with 409 price_changed, writing nothing', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    for (const amount of [21999, 100, 22001]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/razorpay/create-order',
        headers: customer.headers,
        payload: createOrderBody(service.id, file.id, amount),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'price_changed',
        message: 'The price has changed. Please review the new price before paying.',
        expectedAmount: 22000,
      });
    }
    expect(await ordersOf(customer.record.id)).toHaveLength(0);
    const paymentRows = await app.ctx.db.select().from(payments);
    const ownOrderIds = new Set((await ordersOf(customer.record.id)).map((o) => o.id));
    expect(paymentRows.filter((p) => ownOrderIds.has(p.orderId))).toHaveLength(0);
  });

  it("another customer's file is not found (cost and create-order)", async () => {
    const { service, file } = await setupCustomerWithFile(app);
    const stranger = await createCustomer(app);
    const cost = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: stranger.headers,
      payload: { fileId: file.id, options: printOptions(service.id) },
    });
    expect(cost.statusCode).toBe(404);
    const create = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: stranger.headers,
      payload: createOrderBody(service.id, file.id, 22000),
    });
    expect(create.statusCode).toBe(404);
    const junk = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: stranger.headers,
      payload: { fileId: 'not-a-uuid', options: printOptions(service.id) },
    });
    expect(junk.statusCode).toBe(404);
  });

  it('needs sign-in', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/razorpay/create-order', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a forged signature and leaves the draft pending', async () => {
    const { customer, draft } = await newDraft();
    const proof = await sandboxPay(app, customer, draft.id);
    const forged = crypto
      .createHmac('sha256', 'not-the-secret-at-all')
      .update(`${draft.id}|${proof.razorpay_payment_id}`)
      .digest('hex');
    for (const signature of [
      forged,
      'abc',
      proof.razorpay_signature.slice(0, -1) + (proof.razorpay_signature.endsWith('0') ? '1' : '0'),
    ]) {
      const res = await verify(app, customer, { ...proof, razorpay_signature: signature });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ verified: false, message: 'Payment verification failed' });
    }
    const row = await orderRow(draft.orderId);
    expect(row!.status).toBe('pending_payment');
    expect(await eventsOf(draft.orderId)).toHaveLength(0);
  });

  it("refuses a signature replayed for another order, and another customer's verify", async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const a = await createDraft(app, customer, service.id, file.id);
    const b = await createDraft(app, customer, service.id, file.id);
    const proofA = await sandboxPay(app, customer, a.id);
    const replay = await verify(app, customer, { ...proofA, razorpay_order_id: b.id });
    expect(replay.statusCode).toBe(400);
    const stranger = await createCustomer(app);
    const foreign = await verify(app, stranger, proofA);
    expect(foreign.statusCode).toBe(400);
    const rows = await ordersOf(customer.record.id);
    expect(rows.every((o) => o.status === 'pending_payment')).toBe(true);
  });

  it('verify twice and 5 concurrent verifies give exactly one paid order, one status event, one order.paid', async () => {
    const { customer, draft } = await newDraft();
    const proof = await sandboxPay(app, customer, draft.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => verify(app, customer, proof)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const again = await verify(app, customer, proof);
    expect(again.statusCode).toBe(200);
    expect(again.json().orderNumber).toBe(draft.orderNumber);
    const rows = await ordersOf(customer.record.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('unvisited');
    expect(await eventsOf(draft.orderId)).toHaveLength(1);
    expect(paidEventsFor(draft.orderNumber)).toHaveLength(1);
  });

  it('payment-success verifies the same way and is idempotent', async () => {
    const { customer, draft } = await newDraft();
    const unpaid = await app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: customer.headers,
      payload: { razorpay_order_id: draft.id },
    });
    expect(unpaid.statusCode).toBe(402);
    const proof = await sandboxPay(app, customer, draft.id);
    const payload = {
      orderNumber: draft.orderNumber,
      paymentId: proof.razorpay_payment_id,
      orderId: draft.id,
      signature: proof.razorpay_signature,
    };
    const bad = await app.inject({
      method: 'POST',
      url: '/api/orders/payment-success',
      headers: customer.headers,
      payload: { ...payload, signature: '00' },
    });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders/payment-success',
        headers: customer.headers,
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        order: { status: 'unvisited', order_number: draft.orderNumber },
      });
    }
    expect(await eventsOf(draft.orderId)).toHaveLength(1);
  });

  describe('webhook', () => {
    const signed = (body: string, eventId: string) =>
      signedWebhook(app.ctx.config.RAZORPAY_WEBHOOK_SECRET, body, eventId);
    const eventBody = (event: string, providerOrderId: string, paymentId: string, amount: number) =>
      // Odd spacing on purpose: the signature covers the raw bytes, not a re-serialisation.
      `{"entity":"event", "event":"${event}","contains":["payment"],"payload":{"payment":{"entity":{"id":"${paymentId}","order_id":"${providerOrderId}","amount":${amount},"currency":"INR","status":"captured"}}${
        event === 'order.paid' ? `,"order":{"entity":{"id":"${providerOrderId}","status":"paid"}}` : ''
      }}}`;

    it('refuses a bad signature with 400 and changes nothing', async () => {
      const { draft } = await newDraft();
      const body = eventBody('payment.captured', draft.id, 'pay_FAKE00000000001', draft.amount);
      const forged = signed(body, 'evt_bad1');
      const res = await deliverWebhook(app, {
        body,
        headers: { ...forged.headers, 'x-razorpay-signature': 'f'.repeat(64) },
      });
      expect(res.statusCode).toBe(400);
      const row = await orderRow(draft.orderId);
      expect(row!.status).toBe('pending_payment');
    });

    it('delivered twice and out of order: one paid order, one status event', async () => {
      const { customer, draft } = await newDraft();
      const proof = await sandboxPay(app, customer, draft.id);
      const captured = eventBody('payment.captured', draft.id, proof.razorpay_payment_id, draft.amount);
      const paid = eventBody('order.paid', draft.id, proof.razorpay_payment_id, draft.amount);
      const suffix = crypto.randomBytes(4).toString('hex');
      // order.paid first, then payment.captured, then payment.captured again (same event id).
      for (const [body, id] of [
        [paid, `evt_paid_${suffix}`],
        [captured, `evt_cap_${suffix}`],
        [captured, `evt_cap_${suffix}`],
        [paid, `evt_paid_${suffix}`],
      ] as const) {
        const res = await deliverWebhook(app, signed(body, id));
        expect(res.statusCode).toBe(200);
      }
      const row = await orderRow(draft.orderId);
      expect(row).toMatchObject({
        status: 'unvisited',
        paymentStatus: 'completed',
        paymentId: proof.razorpay_payment_id,
      });
      const events = await eventsOf(draft.orderId);
      expect(events).toHaveLength(1);
      expect(events[0]!.actorKind).toBe('system');
      const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, draft.orderId));
      expect(payment!.confirmedBy).toBe('webhook');
      expect(paidEventsFor(draft.orderNumber)).toHaveLength(1);
      // The browser's verify afterwards still answers with the same order.
      const late = await verify(app, customer, proof);
      expect(late.statusCode).toBe(200);
      expect(await eventsOf(draft.orderId)).toHaveLength(1);
    });

    it('an order.paid without the payment entity asks the provider and completes the order', async () => {
      const { customer, draft } = await newDraft();
      const proof = await sandboxPay(app, customer, draft.id);
      const body = JSON.stringify({
        entity: 'event',
        event: 'order.paid',
        payload: { order: { entity: { id: draft.id, status: 'paid' } } },
      });
      const res = await deliverWebhook(app, signed(body, `evt_op_${draft.orderId}`));
      expect(res.statusCode).toBe(200);
      const row = await orderRow(draft.orderId);
      expect(row).toMatchObject({ status: 'unvisited', paymentId: proof.razorpay_payment_id });
    });

    it('does not fulfil when the captured amount differs', async () => {
      const { draft } = await newDraft();
      const body = eventBody('payment.captured', draft.id, 'pay_SHORT000000001', draft.amount - 100);
      const res = await deliverWebhook(app, signed(body, `evt_short_${draft.orderId}`));
      expect(res.statusCode).toBe(200);
      const row = await orderRow(draft.orderId);
      expect(row!.status).toBe('pending_payment');
    });
  });

  it('browser closed after paying: reconciliation completes the order exactly once', async () => {
    const { customer, service, file, draft } = await newDraft();
    const unpaid = await createDraft(app, customer, service.id, file.id);
    await sandboxPay(app, customer, draft.id); // paid, then the tab closed: no verify
    const first = await reconcilePendingPayments(app.ctx);
    expect(first.fulfilled).toBeGreaterThanOrEqual(1);
    const second = await reconcilePendingPayments(app.ctx);
    expect(second.fulfilled).toBe(0);
    const row = await orderRow(draft.orderId);
    expect(row).toMatchObject({ status: 'unvisited', paymentStatus: 'completed' });
    const still = await orderRow(unpaid.orderId);
    expect(still!.status).toBe('pending_payment');
    expect(await eventsOf(draft.orderId)).toHaveLength(1);
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, draft.orderId));
    expect(payment!.confirmedBy).toBe('reconcile');
    expect(paidEventsFor(draft.orderNumber)).toHaveLength(1);
  });

  it('older drafts are checked less often but within 30 runs; drafts over 24 h are left alone', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const old = await createDraft(app, customer, service.id, file.id);
    const ancient = await createDraft(app, customer, service.id, file.id);
    await sandboxPay(app, customer, old.id);
    await sandboxPay(app, customer, ancient.id);
    const now = Date.now();
    await app.ctx.db
      .update(orders)
      .set({ createdAt: new Date(now - 3 * 3600_000) })
      .where(eq(orders.id, old.orderId));
    await app.ctx.db
      .update(orders)
      .set({ createdAt: new Date(now - 25 * 3600_000) })
      .where(eq(orders.id, ancient.orderId));
    let runs = 0;
    for (; runs < 30; runs++) {
      await reconcilePendingPayments(app.ctx, new Date(now + runs * 60_000));
      const row = await orderRow(old.orderId);
      if (row!.status !== 'pending_payment') break;
    }
    expect(runs).toBeLessThan(30);
    const a = await orderRow(ancient.orderId);
    expect(a!.status).toBe('pending_payment');
  });

  it('reprices from the service row: a price change between cost and payment gives 409', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    await app.ctx.db.update(services).set({ priceSingleSide: 600, price: 600 }).where(eq(services.id, service.id));
    const res = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: createOrderBody(service.id, file.id, 22000),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().expectedAmount).toBe(38 * 600 + 3000);
  });

  it('sandbox failure outcome answers 402', async () => {
    const customer = await createCustomer(app);
    const service = await createService(app);
    const file = await createUploadedFile(app, customer.record.id);
    const draft = await createDraft(app, customer, service.id, file.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      headers: customer.headers,
      payload: { razorpay_order_id: draft.id, outcome: 'failure' },
    });
    expect(res.statusCode).toBe(402);
  });
});

describe.each(DATABASES)('the reconciliation job on %s', (db) => {
  it('runs by itself every RECONCILE_INTERVAL_SECONDS and stops at close', async () => {
    const app = await createTestApp({ db, env: { RECONCILE_INTERVAL_SECONDS: '1' } });
    try {
      const { customer, service, file } = await setupCustomerWithFile(app);
      const draft = await createDraft(app, customer, service.id, file.id);
      await sandboxPay(app, customer, draft.id);
      const deadline = Date.now() + 10_000;
      let status = 'pending_payment';
      while (status === 'pending_payment' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        [{ status }] = (await app.ctx.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, draft.orderId))) as [{ status: string }];
      }
      expect(status).toBe('unvisited');
      // It ran as a job of the one runner: its last run is recorded where every server copy (and the admin) sees it.
      await expect.poll(async () => (await jobRow(app.ctx, RECONCILE_JOB))?.lastStatus, { timeout: 10_000 }).toBe('ok');
      expect((await jobRow(app.ctx, RECONCILE_JOB))!.runs).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
