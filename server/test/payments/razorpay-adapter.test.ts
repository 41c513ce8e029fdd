import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusEvents, payments } from '../../src/db/schema/index.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/reconcile.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { razorpayEnv, startRazorpayFake, type RazorpayFake } from '../fakes/razorpay-fake.ts';
import { createDraft, deliverWebhook, setupCustomerWithFile, verify } from './flow.ts';

describe.each(DATABASES)('Razorpay adapter against the fake Razorpay on %s', (db) => {
  let app: TestApp;
  let fake: RazorpayFake;
  const logLines: string[] = [];
  const signatures: string[] = [];
  beforeAll(async () => {
    fake = await startRazorpayFake();
    app = await createTestApp({
      db,
      logLines,
      env: razorpayEnv(fake),
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('creates the provider order with our amount, receipt and notes, then verifies the real checkout signature', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id);
    expect(draft).toMatchObject({ provider: 'razorpay', key: fake.keyId, amount: 22000 });
    const providerOrder = fake.orders.get(draft.id)!;
    expect(providerOrder).toMatchObject({ amount: 22000, currency: 'INR', receipt: draft.orderNumber });
    expect(providerOrder.receipt!.length).toBeLessThanOrEqual(40);
    expect(providerOrder.notes.orderId).toBe(String(draft.orderId));
    expect(fake.requests.every((r) => r.authorised)).toBe(true);

    const { payment, ...proof } = fake.pay(draft.id);
    signatures.push(proof.razorpay_signature);
    const res = await verify(app, customer, proof);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'unvisited',
      payment_status: 'completed',
      payment_id: payment.id,
    });
    const [row] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, draft.orderId));
    expect(row).toMatchObject({ provider: 'razorpay', status: 'captured', confirmedBy: 'verify' });
  });

  it('the sandbox checkout is off (404)', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const draft = await createDraft(app, customer, service.id, file.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      headers: customer.headers,
      payload: { razorpay_order_id: draft.id, outcome: 'success' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a webhook signed by the fake completes the order; a redelivery changes nothing', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const draft = await createDraft(app, customer, service.id, file.id);
    const { payment } = fake.pay(draft.id);
    const delivery = fake.webhook('payment.captured', payment);
    signatures.push(delivery.headers['x-razorpay-signature']!);
    for (let i = 0; i < 2; i++) {
      const res = await deliverWebhook(app, delivery);
      expect(res.statusCode).toBe(200);
    }
    const paid = fake.webhook('order.paid', payment);
    expect((await deliverWebhook(app, paid)).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    expect(row!.status).toBe('unvisited');
    expect(
      await app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, draft.orderId)),
    ).toHaveLength(1);
  });

  it('reconciliation asks GET /v1/orders/{id}/payments and completes a paid draft once', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app);
    const draft = await createDraft(app, customer, service.id, file.id);
    fake.pay(draft.id);
    const before = fake.requests.length;
    await reconcilePendingPayments(app.ctx);
    expect(
      fake.requests.slice(before).some((r) => r.method === 'GET' && r.path === `/v1/orders/${draft.id}/payments`),
    ).toBe(true);
    await reconcilePendingPayments(app.ctx);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    expect(row).toMatchObject({ status: 'unvisited', paymentStatus: 'completed' });
    expect(
      await app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, draft.orderId)),
    ).toHaveLength(1);
  });

  it('a provider refusal answers 502 and leaves no draft behind', async () => {
    const bad = await createTestApp({
      db,
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_API_BASE: fake.url,
        RAZORPAY_KEY_ID: fake.keyId,
        RAZORPAY_KEY_SECRET: 'wrong_secret_12345',
        RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      },
    });
    try {
      const { customer, service, file } = await setupCustomerWithFile(bad);
      await expect(createDraft(bad, customer, service.id, file.id)).rejects.toThrow(/create-order 502/);
      expect(await bad.ctx.db.select().from(orders).where(eq(orders.userId, customer.record.id))).toHaveLength(0);
    } finally {
      await bad.close();
    }
  });

  it('never logs the key secret, signatures or the address', () => {
    const all = logLines.join('\n');
    expect(all).not.toContain(fake.keySecret);
    expect(all).not.toContain(fake.webhookSecret);
    expect(all).not.toContain('Lakshmipuram');
    expect(signatures.length).toBe(2);
    for (const sig of signatures) expect(all).not.toContain(sig);
  });
});
