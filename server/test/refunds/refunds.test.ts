import { and, eq } from 'drizzle-orm';
import { shopDay } from '@shop/shared/common/shop-clock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, refunds, users } from '../../src/db/schema/index.ts';
import { refundSettlementJob, settleWaitingRefunds } from '../../src/modules/refunds/index.ts';
import { razorpayEnv, startRazorpayFake, type RazorpayFake } from '../fakes/razorpay-fake.ts';
import { createTestApp, DATABASES, readOutbox, type TestApp } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, signInAdmin, createStaff } from '../factories/index.ts';
import { createDraft, deliverWebhook, placePaidOrder, setupCustomerWithFile, verify } from '../payments/flow.ts';

type Admin = Awaited<ReturnType<typeof signInAdmin>>;
const refund = (app: TestApp, admin: Admin, orderId: number, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: admin.headers,
    payload: payload as object,
  });

/** A refund left `requested` an hour ago through `provider` (its answer lost), as a switch of provider finds it. */
async function requestedAnHourAgo(
  app: TestApp,
  orderId: number,
  provider: 'sandbox' | 'razorpay',
  amount: number,
  reason: string,
) {
  const [row] = await app.ctx.db
    .insert(refunds)
    .values({ orderId, provider, amount, reason, status: 'requested', createdAt: new Date(Date.now() - 60 * 60_000) })
    .returning();
  return row!;
}

describe.each(DATABASES)('refunds through the sandbox on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Admin;
  beforeAll(async () => {
    app = await createTestApp({ db });
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function paidOrder() {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    return { customer, orderId: row!.id, orderNumber: row!.orderNumber, total: row!.totalAmount / 100 };
  }

  it('refunds part, then the rest; never more than was paid; the customer is told and sees it', async () => {
    const { customer, orderId, orderNumber, total } = await paidOrder();
    expect(total).toBeGreaterThan(60);
    const part = await refund(app, admin, orderId, { amount: 50, reason: 'Pages 3-12 were printed faint' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ paid: total, refunded: 50, refundable: +(total - 50).toFixed(2) });
    expect(part.json().refund).toMatchObject({
      amount: 50,
      status: 'processed',
      reason: 'Pages 3-12 were printed faint',
      actor_name: 'Shop Admin',
    });

    const tooMuch = await refund(app, admin, orderId, { amount: total, reason: 'whole order' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/^At most ₹[\d,.]+ can be refunded on this order$/);
    const rest = await refund(app, admin, orderId, {
      amount: +(total - 50).toFixed(2),
      reason: 'Customer cancelled the rest',
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().refundable).toBe(0);
    const again = await refund(app, admin, orderId, { amount: 1, reason: 'once more' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This order has been refunded in full already.');

    // The customer reads both on the order (no admin names), and got a mail for each.
    const seen = await app.inject({
      method: 'GET',
      url: `/api/orders/${orderNumber}/refunds`,
      headers: customer.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(
      seen
        .json()
        .refunds.map((r: { amount: number }) => r.amount)
        .sort(),
    ).toEqual([50, +(total - 50).toFixed(2)].sort());
    expect(seen.json().refunds[0].actor_name).toBeUndefined();
    await app.ctx.notifier.settle(); // refund mails go in the background
    const mails = readOutbox(app.dataDir).filter((m) => m.includes(`order ${orderNumber}`) && m.includes('Refund of'));
    expect(mails).toHaveLength(2);
    expect(mails.join('\n')).toContain('Reason: Pages 3-12 were printed faint');

    // The day report counts them.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const report = (
      await app.inject({ method: 'GET', url: `/api/admin/reports/day?date=${today}`, headers: admin.headers })
    ).json();
    expect(report.refunds.count).toBeGreaterThanOrEqual(2);
    expect(report.refunds.amount).toBeGreaterThanOrEqual(total);
  });

  it('two refunds at once cannot give back more than was paid', async () => {
    const { orderId, total } = await paidOrder();
    const answers = await Promise.all(
      [0, 1, 2].map(() => refund(app, admin, orderId, { amount: total, reason: 'Printer jammed, whole order' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    const rows = await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.filter((r) => r.status !== 'failed').reduce((a, r) => a + r.amount, 0)).toBe(Math.round(total * 100));
  });

  it('a Razorpay refund whose answer was lost before the shop went back to the test checkout is left reserved, not given up', async () => {
    const { orderId } = await paidOrder();
    const lost = await requestedAnHourAgo(app, orderId, 'razorpay', 1000, 'Made while on Razorpay');
    // The test checkout cannot ask Razorpay: it does not settle (nor fail) a refund Razorpay may have paid.
    expect(await settleWaitingRefunds(app.ctx)).toMatchObject({ failedChecks: 0, trouble: null });
    expect((await refund(app, admin, orderId, { amount: 5, reason: 'Two pages faint' })).statusCode).toBe(201);
    const [row] = await app.ctx.db.select().from(refunds).where(eq(refunds.id, lost.id));
    expect(row!.status).toBe('requested');
    const summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    expect(summary.refunded).toBe(15);
  });

  it('refuses bad amounts and reasons with a plain message, and unpaid or unknown orders', async () => {
    const { orderId } = await paidOrder();
    for (const [payload, message] of [
      [{ amount: 0.5, reason: 'too small' }, 'at least ₹1.00'],
      [{ amount: 10.005, reason: 'fraction of a paisa' }, 'at most 2 decimals'],
      [{ amount: -5, reason: 'negative' }, 'at least ₹1.00'],
      [{ amount: '10', reason: 'text amount' }, 'in rupees'],
      [{ amount: 10, reason: ' x ' }, 'Say why'],
      [{ amount: 10, reason: 'refund \u202Edrow' }, 'direction-control'],
      [{ amount: 10, reason: 'r'.repeat(201) }, 'under 200'],
    ] as const) {
      const res = await refund(app, admin, orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);

    const customer = await createCustomer(app);
    const draft = await createPaidOrder(app, customer.record.id, {
      status: 'pending_payment',
      paymentStatus: 'pending',
      paidAt: null,
    });
    const unpaid = await refund(app, admin, draft.id, { amount: 10, reason: 'not paid yet' });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toMatch(/has not been paid/);
    expect((await refund(app, admin, 999_999, { amount: 10, reason: 'no such order' })).statusCode).toBe(404);
    expect((await refund(app, admin, 'abc' as never, { amount: 10, reason: 'bad id' })).statusCode).toBe(404);
  });

  it('only the admin refunds; another customer cannot even see the refunds', async () => {
    const { customer, orderId, orderNumber } = await paidOrder();
    const clerk = await createStaff(app);
    for (const headers of [customer.headers, clerk.headers, {}]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers,
        payload: { amount: 10, reason: 'let me have it' },
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    const stranger = await createCustomer(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${orderNumber}/refunds`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });
});

describe.each(DATABASES)('refunds through Razorpay on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let fake: RazorpayFake;
  let admin: Admin;
  beforeAll(async () => {
    fake = await startRazorpayFake();
    app = await createTestApp({
      db,
      env: razorpayEnv(fake),
    });
    admin = await signInAdmin(app);
  });
  afterEach(() => {
    fake.outage = null;
    fake.refundTrouble = null;
    fake.refundsPending = false;
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function paidOrder() {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const { payment, ...proof } = fake.pay(draft.id);
    const res = await verify(app, customer, proof);
    expect(res.statusCode).toBe(200);
    return { orderId: draft.orderId as number, payment };
  }

  it("asks Razorpay's Refunds API for the amount, with our refund id in its notes", async () => {
    const { orderId, payment } = await paidOrder();
    const res = await refund(app, admin, orderId, { amount: 20.5, reason: 'Two pages reprinted free' });
    expect(res.statusCode, res.body).toBe(201);
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: 2050,
      speed_requested: 'normal',
      notes: { shop_refund: String(res.json().refund.id) },
    });
    expect(res.json().refund).toMatchObject({ status: 'processed', provider_refund_id: made[0]!.id });
    expect(payment.amount_refunded).toBe(2050);
  });

  it('Razorpay refusing: nothing refunded, the amount is free again, the admin is told', async () => {
    const { orderId } = await paidOrder();
    fake.refundTrouble = 'refuse';
    const res = await refund(app, admin, orderId, { amount: 10, reason: 'Smudged cover page' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Razorpay refused this refund; nothing was refunded/);
    fake.refundTrouble = null;
    const summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    expect(summary.refunded).toBe(0);
    expect(summary.refunds[0]).toMatchObject({ status: 'failed', amount: 10 });
  });

  it('a refund still on its way keeps its amount: the whole order refunded again at once (a second tab) is refused', async () => {
    const { orderId, payment } = await paidOrder();
    const { paid } = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    fake.refundTrouble = 'hold';
    const first = refund(app, admin, orderId, { amount: paid, reason: 'Printer jammed, whole order' });
    // Razorpay has the first request and has not answered it yet.
    await expect.poll(() => fake.heldRefunds).toBe(1);
    const second = await refund(app, admin, orderId, { amount: paid, reason: 'Printer jammed, whole order' });
    expect(second.statusCode, second.body).toBe(400);
    expect(second.json().message).toBe('This order has been refunded in full already.');
    fake.releaseRefunds();
    expect((await first).statusCode).toBe(201);
    // One refund went out, for what was paid; the shop's records say the same.
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id).map((r) => r.amount)).toEqual([
      Math.round(paid * 100),
    ]);
    const summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    expect(summary.refunded).toBe(paid);
    expect(summary.refunds.map((r: { status: string }) => r.status)).toEqual(['processed']);
  });

  it('an answer lost on the way: the refund stays reserved, and is settled from Razorpay before the next one', async () => {
    const { orderId, payment } = await paidOrder();
    fake.refundTrouble = 'lose-answer';
    const lost = await refund(app, admin, orderId, { amount: 30, reason: 'Wrong paper used' });
    expect(lost.statusCode).toBe(502);
    expect(lost.json().message).toMatch(/may still go through/);
    fake.refundTrouble = null;
    // Reserved: the whole amount cannot be refunded on top of it.
    let summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    expect(summary.refunds[0]).toMatchObject({ status: 'requested', amount: 30 });
    expect((await refund(app, admin, orderId, { amount: summary.paid, reason: 'all of it' })).statusCode).toBe(400);
    summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    const theirs = [...fake.refunds.values()].find((r) => r.payment_id === payment.id)!;
    expect(summary.refunds.find((r: { amount: number }) => r.amount === 30)).toMatchObject({
      status: 'processed',
      provider_refund_id: theirs.id,
    });
    expect(fake.refunds.size).toBeGreaterThan(0);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
  });

  it('an answer lost on the way is settled by the background check: done at Razorpay, so one refund note and one mail follow', async () => {
    const { orderId } = await paidOrder();
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const refundMails = async () => {
      await app.ctx.notifier.settle();
      return readOutbox(app.dataDir).filter(
        (m) => m.includes(`order ${order!.orderNumber}`) && m.includes('Refund of'),
      );
    };
    const notes = () =>
      app.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
    fake.refundTrouble = 'lose-answer';
    expect((await refund(app, admin, orderId, { amount: 25, reason: 'Binding came loose' })).statusCode).toBe(502);
    fake.refundTrouble = null;
    // Razorpay has it, the shop does not know yet: "being sent", no note, no mail.
    expect(await notes()).toHaveLength(0);
    expect(await refundMails()).toHaveLength(0);

    // The refund settlement job (on wherever the payment reconciliation is), run by two server copies at once: one of
    // them settles it.
    const job = refundSettlementJob({ ...app.ctx, config: { ...app.ctx.config, RECONCILE_INTERVAL_SECONDS: 60 } })!;
    const signal = new AbortController().signal;
    await Promise.all([job.run(signal), job.run(signal)]); // a check that could not be made would reject
    const summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    expect(summary.refunds).toMatchObject([{ status: 'processed', amount: 25 }]);
    expect(await notes()).toMatchObject([{ grossPaise: 2500 }]);
    const mails = await refundMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Reason: Binding came loose');
    // Checked again later: nothing more.
    await settleWaitingRefunds(app.ctx);
    expect(await notes()).toHaveLength(1);
    expect(await refundMails()).toHaveLength(1);
  });

  it('the background check settling a refund whose answer is still on its way: one refund note and one mail, not two', async () => {
    const { orderId } = await paidOrder();
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    fake.refundTrouble = 'hold-answer';
    const asked = refund(app, admin, orderId, { amount: 15, reason: 'Two pages smudged' });
    // Razorpay has made the refund; its answer has not reached the shop yet, and the check runs now.
    await expect.poll(() => fake.heldRefunds).toBe(1);
    await settleWaitingRefunds(app.ctx);
    fake.releaseRefunds();
    const answered = await asked;
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().refund).toMatchObject({ status: 'processed', amount: 15 });
    const notes = await app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
    expect(notes).toHaveLength(1);
    await app.ctx.notifier.settle();
    const mails = readOutbox(app.dataDir).filter(
      (m) => m.includes(`order ${order!.orderNumber}`) && m.includes('Refund of'),
    );
    expect(mails).toHaveLength(1);
  });

  it('the background check that cannot reach Razorpay fails its run, saying why, and leaves the refund reserved', async () => {
    const { orderId } = await paidOrder();
    fake.refundTrouble = 'lose-answer';
    expect((await refund(app, admin, orderId, { amount: 12, reason: 'Staple missing' })).statusCode).toBe(502);
    fake.refundTrouble = null;
    fake.outage = '503';
    const job = refundSettlementJob({ ...app.ctx, config: { ...app.ctx.config, RECONCILE_INTERVAL_SECONDS: 60 } })!;
    await expect(job.run(new AbortController().signal)).rejects.toThrow(
      /^Could not check 1 of 1 orders' refunds with Razorpay: Razorpay (did not answer|answered 503)$/,
    );
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { status: 'requested', amount: 1200 },
    ]);
    fake.outage = null;
    expect(await job.run(new AbortController().signal)).toEqual({ orders: 1 });
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { status: 'processed' },
    ]);
  });

  const creditNotes = (orderId: number) =>
    app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
  const mailsAbout = async (orderNumber: string, what: string) => {
    await app.ctx.notifier.settle();
    return readOutbox(app.dataDir).filter((m) => m.includes(orderNumber) && m.includes(what));
  };

  it("Razorpay's refund.processed settles a lost answer at once; a redelivery, an event for another payment and a refund made outside the shop change nothing", async () => {
    const { orderId, payment } = await paidOrder();
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    fake.refundTrouble = 'lose-answer';
    expect((await refund(app, admin, orderId, { amount: 20, reason: 'Spiral binding torn' })).statusCode).toBe(502);
    fake.refundTrouble = null;
    const theirs = [...fake.refunds.values()].find((r) => r.payment_id === payment.id)!;

    // Signed right but about another payment: ignored.
    const foreign = fake.refundWebhook('refund.processed', { ...theirs, payment_id: 'pay_SomebodyElse01' });
    expect((await deliverWebhook(app, foreign)).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { status: 'requested' },
    ]);

    const processed = fake.refundWebhook('refund.processed', theirs);
    for (let i = 0; i < 2; i++) expect((await deliverWebhook(app, processed)).statusCode).toBe(200);
    // The same news again under a new event id: settled once already.
    expect((await deliverWebhook(app, fake.refundWebhook('refund.processed', theirs))).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { status: 'processed', providerRefundId: theirs.id },
    ]);
    expect(await creditNotes(orderId)).toHaveLength(1);
    expect(await mailsAbout(`order ${order!.orderNumber}`, 'Refund of')).toHaveLength(1);

    // A refund made in Razorpay's dashboard (no shop id in its notes) is not the shop's to record.
    const outside = { ...theirs, id: 'rfnd_MadeInDashboard', notes: {} };
    expect((await deliverWebhook(app, fake.refundWebhook('refund.processed', outside))).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });

  it('a pending refund becomes processed on its webhook; one Razorpay then fails is shown bounced, keeps its amount and credit note; the admin is mailed once to pay it back another way, the customer once that it is still theirs at the counter', async () => {
    const { orderId, payment } = await paidOrder();
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    fake.refundsPending = true;
    const first = await refund(app, admin, orderId, { amount: 10, reason: 'Cover page missing' });
    const second = await refund(app, admin, orderId, { amount: 11, reason: 'Back page missing' });
    expect([first.json().refund.status, second.json().refund.status]).toEqual(['pending', 'pending']);
    expect(await creditNotes(orderId)).toHaveLength(2);
    const [a, b] = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);

    a!.status = 'processed';
    expect((await deliverWebhook(app, fake.refundWebhook('refund.processed', a!))).statusCode).toBe(200);
    b!.status = 'failed';
    expect((await deliverWebhook(app, fake.refundWebhook('refund.failed', b!))).statusCode).toBe(200);

    const rows = await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => [r.amount, r.status]).sort()).toEqual([
      [1000, 'processed'],
      [1100, 'bounced'],
    ]);
    expect(await creditNotes(orderId)).toHaveLength(2);
    const [toAdmin] = await mailsAbout(order!.orderNumber, 'Refund failed at Razorpay');
    expect(toAdmin).toContain(`To: ${app.ctx.config.ADMIN_EMAIL}`);
    expect(toAdmin).toContain('could not give back ₹11.00');
    expect(toAdmin).toContain('Give it back another way');
    // The customer, told before that the money was on its way, is told it is still theirs and where to get it.
    const [owner] = await app.ctx.db.select().from(users).where(eq(users.id, order!.userId!));
    const toCustomer = await mailsAbout(order!.orderNumber, 'Your bank could not accept the refund of ₹11.00');
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]).toContain(`To: ${owner!.email}`);
    expect(toCustomer[0]).toContain('We give it back at our counter, in cash or by UPI');
    expect(toCustomer[0]).toContain(app.ctx.config.SHOP_PHONE);

    // The admin's list says so, and its ₹11 still counts as refunded: the order cannot be refunded again for it.
    const summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    expect(summary.refunds.map((r: { amount: number; status: string }) => [r.amount, r.status]).sort()).toEqual([
      [10, 'processed'],
      [11, 'bounced'],
    ]);
    expect(summary.refunded).toBe(21);
    // The same news again under a new event id: no second mail, nothing changes.
    expect((await deliverWebhook(app, fake.refundWebhook('refund.failed', b!))).statusCode).toBe(200);
    expect(await mailsAbout(order!.orderNumber, 'Refund failed at Razorpay')).toHaveLength(1);
    expect(await mailsAbout(order!.orderNumber, 'Your bank could not accept the refund')).toHaveLength(1);
    expect(await creditNotes(orderId)).toHaveLength(2);
  });

  it('a bounced refund given back at the counter: recorded once, by the admin only, its cash out of that day’s drawer; the customer sees how', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const draft = await createDraft(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const { payment: _payment, ...proof } = fake.pay(draft.id);
    expect((await verify(app, customer, proof)).statusCode).toBe(200);
    const orderId = draft.orderId as number;
    fake.refundsPending = true;
    const kept = (await refund(app, admin, orderId, { amount: 5, reason: 'Stapled wrong' })).json().refund;
    const lost = (await refund(app, admin, orderId, { amount: 12, reason: 'Pages missing' })).json().refund;
    const theirs = [...fake.refunds.values()].find((r) => r.notes.shop_refund === String(lost.id))!;
    theirs.status = 'failed';
    expect((await deliverWebhook(app, fake.refundWebhook('refund.failed', theirs))).statusCode).toBe(200);
    const handBack = (id: number, body: unknown, headers = admin.headers, order = orderId) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order}/refunds/${id}/hand-back`,
        headers,
        payload: body as object,
      });

    // Not the customer's to record, nor a clerk's; only a refund the bank refused, of this order; cash or UPI.
    expect((await handBack(lost.id, { method: 'cash' }, customer.headers)).statusCode).toBe(403);
    expect((await handBack(lost.id, { method: 'cash' }, (await createStaff(app)).headers)).statusCode).toBe(403);
    expect((await handBack(lost.id, { method: 'cash' }, admin.headers, orderId + 1_000_000)).statusCode).toBe(404);
    const other = await paidOrder();
    expect((await handBack(lost.id, { method: 'cash' }, admin.headers, other.orderId)).json()).toMatchObject({
      code: 'not_found',
      message: 'Refund not found',
    });
    expect((await handBack(kept.id, { method: 'cash' })).json()).toMatchObject({ code: 'refund_not_bounced' });
    const cheque = await handBack(lost.id, { method: 'cheque' });
    expect(cheque.statusCode).toBe(400);
    expect(cheque.json().message).toBe('Say how it was given back: cash or UPI');
    expect((await app.ctx.db.select().from(refunds).where(eq(refunds.id, lost.id)))[0]!.status).toBe('bounced');

    // The counter's card says what is owed, so the clerk who finds the order knows; once recorded, it no longer does.
    const ref = (await app.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.orderNumber;
    const clerk = await createStaff(app);
    const card = async () =>
      (await app.inject({ method: 'GET', url: `/api/staff/orders?search=${ref}`, headers: clerk.headers })).json()[0];
    expect(await card()).toMatchObject({ refunded_amount: 17, owed_back_amount: 12 });

    const done = await handBack(lost.id, { method: 'cash' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refund).toMatchObject({
      status: 'handed_back',
      handed_back_method: 'cash',
      handed_back_by: admin.record.name,
    });
    // Still refunded (its credit note stands), so the order's refundable amount does not come back.
    expect(done.json()).toMatchObject({ refunded: 17 });
    const again = await handBack(lost.id, { method: 'upi' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('refund_already_handed_back');
    expect(again.json().message).toContain(`given back in cash on`);
    expect(again.json().message).toContain(`by ${admin.record.name}`);

    // The day it was given back: its ₹12 left the drawer (this shop's orders are all paid online).
    const [row] = await app.ctx.db.select().from(refunds).where(eq(refunds.id, lost.id));
    const day = shopDay(row!.handedBackAt!);
    const report = (
      await app.inject({ method: 'GET', url: `/api/admin/reports/day?date=${day}`, headers: admin.headers })
    ).json();
    expect(report.handedBack).toEqual({ count: 1, cash: 12, upi: 0 });
    expect(report.cashInDrawer).toBe(-12);

    expect(await card()).toMatchObject({ refunded_amount: 17 });
    expect(await card()).not.toHaveProperty('owed_back_amount');

    // The customer sees it given back, in cash, and not who recorded it.
    const mine = (
      await app.inject({ method: 'GET', url: `/api/orders/${ref}/refunds`, headers: customer.headers })
    ).json();
    const seen = mine.refunds.find((r: { id: number }) => r.id === lost.id);
    expect(seen).toMatchObject({ status: 'handed_back', handed_back_method: 'cash' });
    expect(seen.handed_back_at).toBe(row!.handedBackAt!.toISOString());
    expect(seen).not.toHaveProperty('handed_back_by');
  });

  it('a test-checkout refund left unsettled before the shop moved to Razorpay: the check leaves it and does not fail', async () => {
    const { orderId } = await paidOrder();
    const left = await requestedAnHourAgo(app, orderId, 'sandbox', 700, 'Made in test mode');
    const run = await settleWaitingRefunds(app.ctx);
    expect(run).toMatchObject({ failedChecks: 0, trouble: null });
    const [row] = await app.ctx.db.select().from(refunds).where(eq(refunds.id, left.id));
    expect(row!.status).toBe('requested');
  });

  it('a refund Razorpay never got is given up by the background check once its calls are long over: its amount is free again', async () => {
    const { orderId, payment } = await paidOrder();
    fake.refundTrouble = 'hold';
    const held = refund(app, admin, orderId, { amount: 40, reason: 'Cover printed crooked' });
    await expect.poll(() => fake.heldRefunds).toBe(1);
    // Still on its way: the check leaves it (and its amount) alone.
    await settleWaitingRefunds(app.ctx);
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { status: 'requested' },
    ]);
    // The request dies before Razorpay records it, and its row is older than any call could take.
    fake.dropHeldRefunds();
    expect((await held).statusCode).toBe(502);
    await app.ctx.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(refunds.orderId, orderId));
    await settleWaitingRefunds(app.ctx);
    const summary = (
      await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers })
    ).json();
    expect(summary.refunds).toMatchObject([{ status: 'failed', amount: 40 }]);
    expect(summary.refunded).toBe(0);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(0);
  });
});
