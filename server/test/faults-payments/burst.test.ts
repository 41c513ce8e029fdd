import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments, orders, orderStatusEvents, payments } from '../../src/db/schema/index.ts';
import { createCustomer, createService, createUploadedFile } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createDraft, sandboxPay, verify } from '../payments/flow.ts';
import { mapLimit, shuffle } from './util.ts';

/**
 * 200 customers paying at once. Every customer has a draft paid in the sandbox; then all 200
 * verify-payment calls, plus a second verify for 50 of them, arrive in one burst. Every paid order must be
 * recorded exactly once, none lost, none doubled.
 */
const CUSTOMERS = 200;
const DUPLICATES = 50;

describe.each(DATABASES)('200 customers paying at once on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('records every paid order exactly once, with the server price', { timeout: 240_000 }, async () => {
    const service = await createService(app); // ₹5 a printed page, single side
    const setupStart = performance.now();
    const people = await mapLimit(
      Array.from({ length: CUSTOMERS }, (_, i) => i),
      16,
      async (i) => {
        const customer = await createCustomer(app, { name: `Customer ${i}` });
        // 1..90 pages: at most ₹450, below the first discount step, so the price is pages × ₹5 (+ ₹30 delivery).
        const pages = 1 + (i % 90);
        const file = await createUploadedFile(app, customer.record.id, 'notes-a4-38p.pdf', pages);
        const deliveryType = i % 3 === 0 ? ('pickup' as const) : ('delivery' as const);
        const draft = await createDraft(app, customer, service.id, file.id, { deliveryType });
        const proof = await sandboxPay(app, customer, draft.id);
        const expectedAmount = pages * 500 + (deliveryType === 'delivery' ? 3000 : 0);
        return { i, customer, file, draft, proof, expectedAmount };
      },
    );
    const setupMs = performance.now() - setupStart;

    // The burst: 200 verifies and 50 duplicates, in one shuffled Promise.all.
    const calls = shuffle([...people, ...people.slice(0, DUPLICATES)]);
    const burstStart = performance.now();
    const answers = await Promise.all(calls.map(async (p) => ({ p, res: await verify(app, p.customer, p.proof) })));
    const burstMs = performance.now() - burstStart;
    console.log(
      `[faults-payments] ${db}: setup of ${CUSTOMERS} paid drafts ${(setupMs / 1000).toFixed(1)} s; ` +
        `burst of ${calls.length} verify-payment calls ${(burstMs / 1000).toFixed(2)} s`,
    );

    for (const { p, res } of answers) {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ verified: true, orderId: p.draft.orderId, orderNumber: p.draft.orderNumber });
      expect(body.order).toMatchObject({
        status: 'unvisited',
        payment_status: 'completed',
        payment_id: p.proof.razorpay_payment_id,
      });
    }

    const ids = people.map((p) => p.draft.orderId);
    const rows = await app.ctx.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows).toHaveLength(CUSTOMERS);
    // Nothing else was created: exactly one order per customer, no stray drafts.
    const all = await app.ctx.db.select({ id: orders.id }).from(orders);
    expect(all).toHaveLength(CUSTOMERS);
    expect(new Set(rows.map((r) => r.orderNumber)).size).toBe(CUSTOMERS);

    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const p of people) {
      const row = byId.get(p.draft.orderId)!;
      expect(row).toMatchObject({
        status: 'unvisited',
        paymentStatus: 'completed',
        paymentId: p.proof.razorpay_payment_id,
        userId: p.customer.record.id,
        totalAmount: p.expectedAmount,
        razorpayOrderId: p.draft.id,
      });
      expect(p.draft.amount).toBe(p.expectedAmount);
      expect(row.paidAt).toBeInstanceOf(Date);
    }
    // Each order's one document is the customer's own file (decision 036: documents live on order_documents).
    const documents = await app.ctx.db.select().from(orderDocuments).where(inArray(orderDocuments.orderId, ids));
    expect(documents).toHaveLength(CUSTOMERS);
    const fileOf = new Map(documents.map((d) => [d.orderId, d.fileId]));
    for (const p of people) expect(fileOf.get(p.draft.orderId)).toBe(p.file.id);

    const events = await app.ctx.db.select().from(orderStatusEvents).where(inArray(orderStatusEvents.orderId, ids));
    expect(events).toHaveLength(CUSTOMERS);
    const perOrder = new Map<number, number>();
    for (const e of events) {
      expect(e).toMatchObject({ fromStatus: 'pending_payment', toStatus: 'unvisited', actorKind: 'customer' });
      perOrder.set(e.orderId, (perOrder.get(e.orderId) ?? 0) + 1);
    }
    expect([...perOrder.values()].every((n) => n === 1)).toBe(true);
    expect(perOrder.size).toBe(CUSTOMERS);

    const pays = await app.ctx.db.select().from(payments).where(inArray(payments.orderId, ids));
    expect(pays).toHaveLength(CUSTOMERS);
    const payByOrder = new Map(pays.map((r) => [r.orderId, r]));
    expect(payByOrder.size).toBe(CUSTOMERS);
    for (const p of people) {
      expect(payByOrder.get(p.draft.orderId)).toMatchObject({
        status: 'captured',
        confirmedBy: 'verify',
        providerOrderId: p.draft.id,
        providerPaymentId: p.proof.razorpay_payment_id,
        amount: p.expectedAmount,
        currency: 'INR',
      });
    }
  });
});
