import { PAYMENT_CONFIRMATION_ERRORS } from '@shop/shared/payments/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusEvents, payments } from '../../src/db/schema/index.ts';
import { reconcileJob, reconcilePendingPayments } from '../../src/modules/payments/reconcile.ts';
import { razorpayEnv, startRazorpayFake, type RazorpayFake } from '../fakes/razorpay-fake.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createDraft, setupCustomerWithFile, verify, type Customer } from './flow.ts';

/**
 * A valid checkout signature alone no longer places the order. Verify asks Razorpay for the
 * payment (GET /v1/payments/{id}) and needs it captured (or authorized, then captured for the draft's amount),
 * for this draft's Razorpay order, amount and currency. Otherwise the order stays unpaid with a clear message.
 */
describe.each(DATABASES)('Razorpay verify checks the payment itself on %s', (db) => {
  let app: TestApp;
  let fake: RazorpayFake;
  beforeAll(async () => {
    fake = await startRazorpayFake();
    app = await createTestApp({
      db,
      env: razorpayEnv(fake),
    });
  });
  afterEach(() => {
    fake.outage = null;
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function draftFor(pages = 38) {
    const { customer, service, file } = await setupCustomerWithFile(app, pages);
    const draft = await createDraft(app, customer, service.id, file.id);
    return { customer, draft };
  }
  const rowOf = async (orderId: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const expectUnpaid = async (orderId: number) => {
    expect(await rowOf(orderId)).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'pending',
      paymentId: null,
    });
    expect(
      await app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId)),
    ).toHaveLength(0);
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'created', providerPaymentId: null });
  };
  const expectRefused = async (
    customer: Customer,
    proof: Parameters<typeof verify>[2],
    code: keyof typeof PAYMENT_CONFIRMATION_ERRORS,
  ) => {
    const res = await verify(app, customer, proof);
    expect(res.statusCode).toBe(PAYMENT_CONFIRMATION_ERRORS[code].status);
    expect(res.json()).toEqual({ verified: false, code, message: PAYMENT_CONFIRMATION_ERRORS[code].message });
    return res;
  };

  it('a captured payment of the draft: fetched from Razorpay, then the order is placed', async () => {
    const { customer, draft } = await draftFor();
    const { payment, ...proof } = fake.pay(draft.id);
    const before = fake.requests.length;
    const res = await verify(app, customer, proof);
    expect(res.statusCode).toBe(200);
    expect(fake.requests.slice(before)).toContainEqual({
      method: 'GET',
      path: `/v1/payments/${payment.id}`,
      authorised: true,
    });
    expect(await rowOf(draft.orderId)).toMatchObject({
      status: 'unvisited',
      paymentStatus: 'completed',
      paymentId: payment.id,
    });
  });

  it('a tampered amount (signed, but ₹1 paid for a ₹220 order) leaves the order unpaid', async () => {
    const { customer, draft } = await draftFor();
    const { payment, ...proof } = fake.pay(draft.id, { amount: 100 });
    await expectRefused(customer, proof, 'payment_mismatch');
    await expectUnpaid(draft.orderId);
    // Repeating it, or reconciliation finding that payment later, changes nothing either.
    await expectRefused(customer, proof, 'payment_mismatch');
    await reconcilePendingPayments(app.ctx);
    await expectUnpaid(draft.orderId);
    expect(payment.status).toBe('captured');
  });

  it('the right amount in the wrong currency leaves the order unpaid', async () => {
    const { customer, draft } = await draftFor();
    const { payment: _p, ...proof } = fake.pay(draft.id, { currency: 'USD' });
    await expectRefused(customer, proof, 'payment_mismatch');
    await expectUnpaid(draft.orderId);
  });

  it("another order's payment, signed for this order, does not pay it", async () => {
    // The customer pays a ₹10 draft and presents that payment, validly signed over the ₹220 draft's id.
    const cheap = await draftFor(1);
    const dear = await draftFor(38);
    const { payment } = fake.pay(cheap.draft.id);
    const forged = {
      razorpay_order_id: dear.draft.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: fake.sign(dear.draft.id, payment.id),
    };
    await expectRefused(dear.customer, forged, 'payment_mismatch');
    await expectUnpaid(dear.draft.orderId);
    // Even the same amount: a payment belongs to one order only.
    const twin = await draftFor(38);
    const { payment: twinPayment } = fake.pay(twin.draft.id);
    const again = {
      razorpay_order_id: dear.draft.id,
      razorpay_payment_id: twinPayment.id,
      razorpay_signature: fake.sign(dear.draft.id, twinPayment.id),
    };
    await expectRefused(dear.customer, again, 'payment_mismatch');
    await expectUnpaid(dear.draft.orderId);
  });

  it('a payment id Razorpay does not know is refused', async () => {
    const { customer, draft } = await draftFor();
    const made = {
      razorpay_order_id: draft.id,
      razorpay_payment_id: 'pay_MadeUpByTheBrowser',
      razorpay_signature: fake.sign(draft.id, 'pay_MadeUpByTheBrowser'),
    };
    await expectRefused(customer, made, 'payment_mismatch');
    await expectUnpaid(draft.orderId);
  });

  it('an authorized payment is captured for the exact amount and currency, then the order is placed', async () => {
    const { customer, draft } = await draftFor();
    const { payment, ...proof } = fake.pay(draft.id, { status: 'authorized' });
    const before = fake.requests.length;
    const res = await verify(app, customer, proof);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payments/${payment.id}`,
      `POST /v1/payments/${payment.id}/capture`,
    ]);
    expect(payment).toMatchObject({ status: 'captured', captured: true });
    expect(await rowOf(draft.orderId)).toMatchObject({
      status: 'unvisited',
      paymentStatus: 'completed',
      paymentId: payment.id,
    });
    // Verified again: the same order, no second capture.
    const repeat = await verify(app, customer, proof);
    expect(repeat.statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('a failed payment is not completed: the order stays unpaid and the customer may pay again', async () => {
    const { customer, draft } = await draftFor();
    const { payment: _p, ...proof } = fake.pay(draft.id, { status: 'failed' });
    await expectRefused(customer, proof, 'payment_not_completed');
    await expectUnpaid(draft.orderId);
    const { payment: second, ...retry } = fake.pay(draft.id);
    expect((await verify(app, customer, retry)).statusCode).toBe(200);
    expect((await rowOf(draft.orderId)).paymentId).toBe(second.id);
  });

  it.each(['reset', '503'] as const)(
    'Razorpay down (%s): the order stays unpaid, and reconciliation completes it once Razorpay answers',
    async (outage) => {
      const { customer, draft } = await draftFor();
      const { payment, ...proof } = fake.pay(draft.id);
      fake.outage = outage;
      await expectRefused(customer, proof, 'payment_unconfirmed');
      await expectUnpaid(draft.orderId);
      await reconcilePendingPayments(app.ctx);
      await expectUnpaid(draft.orderId);
      // The payments check job's run fails, saying why (the owner's dashboard shows it).
      const job = reconcileJob({ ...app.ctx, config: { ...app.ctx.config, RECONCILE_INTERVAL_SECONDS: 60 } })!;
      await expect(job.run(new AbortController().signal)).rejects.toThrow(
        /^Could not check [1-9]\d* of [1-9]\d* unpaid orders with Razorpay: Razorpay (did not answer|answered 503)$/,
      );
      fake.outage = null;
      await reconcilePendingPayments(app.ctx);
      expect(await rowOf(draft.orderId)).toMatchObject({
        status: 'unvisited',
        paymentStatus: 'completed',
        paymentId: payment.id,
      });
      expect(
        await app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, draft.orderId)),
      ).toHaveLength(1);
      // The customer's verify afterwards answers with the placed order.
      expect((await verify(app, customer, proof)).statusCode).toBe(200);
    },
  );

  it('Razorpay down while an authorized payment waits: reconciliation captures it and places the order', async () => {
    const { customer, draft } = await draftFor();
    const { payment, ...proof } = fake.pay(draft.id, { status: 'authorized' });
    fake.outage = '503';
    await expectRefused(customer, proof, 'payment_unconfirmed');
    await expectUnpaid(draft.orderId);
    expect(payment.status).toBe('authorized');
    fake.outage = null;
    await reconcilePendingPayments(app.ctx);
    expect(payment.status).toBe('captured');
    expect(await rowOf(draft.orderId)).toMatchObject({
      status: 'unvisited',
      paymentStatus: 'completed',
      paymentId: payment.id,
    });
  });

  it('the other routes that take payment proof check it the same way', async () => {
    const { customer, draft } = await draftFor();
    const { payment: _p, ...proof } = fake.pay(draft.id, { amount: 100 });
    const viaCreate = await app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: customer.headers,
      payload: {
        razorpay_order_id: proof.razorpay_order_id,
        razorpay_payment_id: proof.razorpay_payment_id,
        razorpay_signature: proof.razorpay_signature,
      },
    });
    expect(viaCreate.statusCode).toBe(400);
    expect(viaCreate.json().code).toBe('payment_mismatch');
    const viaSuccess = await app.inject({
      method: 'POST',
      url: '/api/orders/payment-success',
      headers: customer.headers,
      payload: {
        orderNumber: draft.orderNumber,
        orderId: draft.id,
        paymentId: proof.razorpay_payment_id,
        signature: proof.razorpay_signature,
      },
    });
    expect(viaSuccess.json().code).toBe('payment_mismatch');
    await expectUnpaid(draft.orderId);
  });
});
