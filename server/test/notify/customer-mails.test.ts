import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderNotifications } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES, readOutbox } from '../helpers/app.ts';
import { freePort } from '../helpers/free-port.ts';
import { collectAtCounter, createStaff } from '../factories/index.ts';
import { placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

/** Mails in the test outbox to `to` whose subject matches, waiting for them (they go out after the answer). */
async function mailsTo(dataDir: string, to: string, subject: RegExp, count = 1): Promise<string[]> {
  for (let i = 0; i < 300; i++) {
    const found = readOutbox(dataDir).filter((m) => m.includes(`To: ${to}\r\n`) && subject.test(m));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 30));
  }
  return readOutbox(dataDir).filter((m) => m.includes(`To: ${to}\r\n`) && subject.test(m));
}

describe.each(DATABASES)('customer mails about an order on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('confirmation after payment, ready for pickup, collected: each once, in the customer’s words', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 38);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const email = customer.record.email;
    const orderNumber = draft.orderNumber as string;

    const [confirmation] = await mailsTo(app.dataDir, email, new RegExp(`Order ${orderNumber} placed`));
    expect(confirmation).toBeDefined();
    expect(confirmation).toContain('notes-a4-38p.pdf · 38 pages · ');
    expect(confirmation).toMatch(/payment of ₹[\d,.]+/);
    expect(confirmation).toContain(`/order-tracking/${orderNumber}`);
    expect(confirmation).toContain('Pick it up at');

    const clerk = await createStaff(app);
    const set = (status: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/staff/orders/${draft.orderId}/status`,
        headers: clerk.headers,
        payload: { status },
      });
    expect((await set('completed')).statusCode).toBe(200);
    const [ready] = await mailsTo(app.dataDir, email, /Ready for pickup/);
    expect(ready).toContain(`Your order ${orderNumber} is printed and ready for pickup`);
    // Back and forth: "ready" is not mailed twice.
    expect((await set('processing')).statusCode).toBe(200);
    expect((await set('completed')).statusCode).toBe(200);
    expect((await collectAtCounter(app, draft.orderId, clerk.headers)).statusCode).toBe(200);
    await mailsTo(app.dataDir, email, /Subject: Order .*: Collected/);
    await app.ctx.notifier.settle();
    const mine = readOutbox(app.dataDir).filter((m) => m.includes(`To: ${email}\r\n`) && m.includes(orderNumber));
    expect(mine.filter((m) => /Subject: Order .*placed/.test(m))).toHaveLength(1);
    expect(mine.filter((m) => /Ready for pickup/.test(m))).toHaveLength(1);
    expect(mine.filter((m) => /Subject: Order .*: Collected/.test(m))).toHaveLength(1);
    const rows = await app.ctx.db
      .select()
      .from(orderNotifications)
      .where(eq(orderNotifications.orderId, draft.orderId));
    expect(rows.map((r) => r.event).sort()).toEqual(['confirmation', 'done', 'ready']);
  });

  it('home delivery: out for delivery to the address, then delivered', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 12);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'delivery' });
    const admin = await createStaff(app);
    for (const status of ['completed', 'delivered']) {
      await app.inject({
        method: 'PATCH',
        url: `/api/staff/orders/${draft.orderId}/status`,
        headers: admin.headers,
        payload: { status },
      });
    }
    const [out] = await mailsTo(app.dataDir, customer.record.email, /Out for delivery/);
    expect(out).toContain('Lakshmipuram Main Road');
    expect(await mailsTo(app.dataDir, customer.record.email, /Subject: Order .*: Delivered/)).toHaveLength(1);
  });

  it('two clerks completing the order at once: one mail', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 5);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const [a, b] = [await createStaff(app), await createStaff(app)];
    await Promise.all(
      [a, b].map((c) =>
        app.inject({
          method: 'PATCH',
          url: `/api/staff/orders/${draft.orderId}/status`,
          headers: c.headers,
          payload: { status: 'completed' },
        }),
      ),
    );
    await app.ctx.notifier.settle();
    expect(
      readOutbox(app.dataDir).filter(
        (m) => m.includes(`To: ${customer.record.email}\r\n`) && /Ready for pickup/.test(m),
      ),
    ).toHaveLength(1);
  });
});

describe.each(DATABASES)('customer mails with the mail server down on %s', (db) => {
  it('the status change is answered and the mail waits in the queue for the next attempt', async () => {
    const port = await freePort();
    const app = await createTestApp({ db, smtpPort: port });
    try {
      const { customer, service, file } = await setupCustomerWithFile(app, 8);
      const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
      await app.ctx.notifier.settle();
      const queued = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.record.email));
      expect(queued.map((m) => m.subject)).toEqual([
        expect.stringMatching(new RegExp(`^Order ${draft.orderNumber} placed`)),
      ]);
      expect(queued[0]!.attempts).toBe(1);
      expect(queued[0]!.lastError).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});
