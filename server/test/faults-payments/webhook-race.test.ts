import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusEvents, payments, webhookEvents } from '../../src/db/schema/index.ts';
import type { ShopEvent } from '../../src/modules/events/events.ts';
import {
  razorpayEnv,
  signedWebhook,
  startRazorpayFake,
  type FakePayment,
  type RazorpayFake,
} from '../fakes/razorpay-fake.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createDraft, deliverWebhook, setupCustomerWithFile, verify, type Customer } from '../payments/flow.ts';
import { shuffle } from './util.ts';

/**
 * The payment verified twice at once, the webhook delivered twice and out of order.
 * For each paid order, verify-payment, a payment.captured webhook and an order.paid webhook are all fired at once,
 * each twice (a webhook redelivery keeps its x-razorpay-event-id), in a shuffled order. Exactly one paid order,
 * one status event, one captured payment and one `order.paid` push must come out.
 */
const ROUNDS = 8;

interface Delivery {
  label: string;
  send: () => Promise<{ statusCode: number; body: string }>;
}

describe.each(DATABASES)('verify and webhooks racing on %s (real adapter, fake Razorpay)', (db) => {
  let app: TestApp;
  let fake: RazorpayFake;
  const published: ShopEvent[] = [];
  beforeAll(async () => {
    fake = await startRazorpayFake();
    app = await createTestApp({
      db,
      env: razorpayEnv(fake),
      published,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const webhookCall = (d: { body: string; headers: Record<string, string> }) => () => deliverWebhook(app, d);

  /** An order.paid delivery that carries only the order (the server must ask Razorpay for the payment). */
  function orderOnlyWebhook(providerOrderId: string, eventId: string) {
    const order = fake.orders.get(providerOrderId)!;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake',
      event: 'order.paid',
      contains: ['order'],
      payload: { order: { entity: order } },
      created_at: Math.floor(Date.now() / 1000),
    });
    return signedWebhook(fake.webhookSecret, body, eventId);
  }

  async function paidDraft() {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id);
    const { payment, ...proof } = fake.pay(draft.id);
    return { customer, draft, payment, proof };
  }

  function deliveriesFor(
    customer: Customer,
    proof: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
    payment: FakePayment,
    round: number,
  ): Delivery[] {
    const captured = fake.webhook('payment.captured', payment, `evt_cap_${round}_${payment.id}`);
    // Every other round the order.paid event comes without the payment entity (the reconcile path).
    const paid =
      round % 2 === 0
        ? fake.webhook('order.paid', payment, `evt_paid_${round}_${payment.id}`)
        : orderOnlyWebhook(payment.order_id, `evt_paid_${round}_${payment.id}`);
    const list: Delivery[] = [];
    for (let copy = 0; copy < 2; copy++) {
      list.push({ label: 'verify', send: () => verify(app, customer, proof) });
      list.push({ label: 'payment.captured', send: webhookCall(captured) });
      list.push({ label: 'order.paid', send: webhookCall(paid) });
    }
    return shuffle(list);
  }

  it(`${ROUNDS} paid orders, each hit by 2 verifies + 2 payment.captured + 2 order.paid at once: one paid order each`, async () => {
    const orderIds: number[] = [];
    const winners: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { customer, draft, payment, proof } = await paidDraft();
      orderIds.push(draft.orderId);
      const deliveries = deliveriesFor(customer, proof, payment, round);
      const answers = await Promise.all(deliveries.map(async (d) => ({ label: d.label, res: await d.send() })));

      for (const { label, res } of answers) {
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        const body = JSON.parse(res.body);
        if (label === 'verify') {
          expect(body).toMatchObject({ verified: true, orderId: draft.orderId, orderNumber: draft.orderNumber });
          expect(body.order).toMatchObject({
            status: 'unvisited',
            payment_status: 'completed',
            payment_id: payment.id,
          });
        } else {
          expect(['ok', 'duplicate']).toContain(body.status);
        }
      }
      // Each event id was handled once and the redelivery was a duplicate.
      for (const label of ['payment.captured', 'order.paid']) {
        const statuses = answers.filter((a) => a.label === label).map((a) => JSON.parse(a.res.body).status as string);
        expect(statuses.sort(), label).toEqual(['duplicate', 'ok']);
      }

      const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
      expect(row).toMatchObject({
        status: 'unvisited',
        paymentStatus: 'completed',
        paymentId: payment.id,
        totalAmount: 22000,
      });
      const events = await app.ctx.db
        .select()
        .from(orderStatusEvents)
        .where(eq(orderStatusEvents.orderId, draft.orderId));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ fromStatus: 'pending_payment', toStatus: 'unvisited' });
      const pays = await app.ctx.db.select().from(payments).where(eq(payments.orderId, draft.orderId));
      expect(pays).toHaveLength(1);
      expect(pays[0]).toMatchObject({
        status: 'captured',
        providerPaymentId: payment.id,
        amount: 22000,
        provider: 'razorpay',
      });
      winners.push(pays[0]!.confirmedBy!);
      expect(published.filter((e) => e.type === 'order.paid' && e.orderNumber === draft.orderNumber)).toHaveLength(1);

      const seen = await app.ctx.db
        .select()
        .from(webhookEvents)
        .where(inArray(webhookEvents.eventId, [`evt_cap_${round}_${payment.id}`, `evt_paid_${round}_${payment.id}`]));
      expect(seen).toHaveLength(2);
      expect(seen.every((e) => e.processedAt instanceof Date)).toBe(true);
    }
    // Every confirmation path is a legitimate winner; whichever it was, the outcome is the same.
    expect(winners.every((w) => ['verify', 'webhook'].includes(w))).toBe(true);

    // Late redeliveries after everything settled change nothing.
    const all = await app.ctx.db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(all).toHaveLength(ROUNDS);
    expect(all.every((o) => o.status === 'unvisited' && o.paymentStatus === 'completed')).toBe(true);
    const allEvents = await app.ctx.db
      .select()
      .from(orderStatusEvents)
      .where(inArray(orderStatusEvents.orderId, orderIds));
    expect(allEvents).toHaveLength(ROUNDS);
  });

  it('webhooks first (out of order, twice), then the browser verifies late: the same single paid order', async () => {
    const { customer, draft, payment, proof } = await paidDraft();
    const captured = fake.webhook('payment.captured', payment);
    const paid = fake.webhook('order.paid', payment);
    // order.paid before payment.captured, each delivered twice at once.
    const early = await Promise.all(
      shuffle([webhookCall(paid), webhookCall(paid), webhookCall(captured), webhookCall(captured)]).map((f) => f()),
    );
    expect(early.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const late = await Promise.all([verify(app, customer, proof), verify(app, customer, proof)]);
    for (const res of late) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ verified: true, orderId: draft.orderId, orderNumber: draft.orderNumber });
    }
    const events = await app.ctx.db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, draft.orderId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorKind: 'system' });
    const [pay] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, draft.orderId));
    expect(pay).toMatchObject({ status: 'captured', confirmedBy: 'webhook', providerPaymentId: payment.id });
    expect(published.filter((e) => e.type === 'order.paid' && e.orderNumber === draft.orderNumber)).toHaveLength(1);
  });
});
