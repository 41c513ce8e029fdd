import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../src/db/schema/index.ts';
import { createCustomer, createStaff, signInAdmin } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';
import { placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

/**
 * "Two server copies on one PostgreSQL database see each other's events": two whole apps (each with its own
 * connection pool and LISTEN connection, as two processes behind a load balancer would have) on one database.
 * Live screens on copy A hear what happens on copy B, and a session ended on one copy is dead on the other at once
 * (each copy caches sessions for 10 s, so only the `sessions.forget` event can make that happen).
 */

/**
 * How long the test waits for an event to cross from one copy to the other. Generous, so a busy CI machine cannot
 * make it flaky (the ≤ 1 s target is measured by `npm run bench`, not asserted here), yet well under the 10 s the
 * copies cache sessions: a revocation seen within it can only have come from the event.
 */
const PUSH_MS = 5_000;

async function untilStatus(
  what: string,
  call: () => Promise<{ statusCode: number }>,
  status: number,
  withinMs: number,
) {
  const deadline = Date.now() + withinMs;
  let tries = 0;
  for (;;) {
    tries++;
    const res = await call();
    if (res.statusCode === status) return tries;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${res.statusCode} after ${withinMs} ms (${tries} tries), expected ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server copies on one PostgreSQL database', () => {
  let a: TestApp & { databaseUrl?: string };
  let b: TestApp;
  let baseA: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    a = await createTestApp({ db: 'postgres', events: 'postgres' });
    b = await createTestApp({ shareDatabaseWith: a, events: 'postgres' });
    expect(a.ctx.events.kind).toBe('postgres');
    expect(b.ctx.events.kind).toBe('postgres');
    baseA = await a.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await b?.close(); // B first: A's close drops the database
    await a?.close();
  });

  const streamOnA = async (headers: Record<string, string>) => {
    const s = await openEventStream(`${baseA}/api/events`, headers);
    streams.push(s);
    expect(s.status).toBe(200);
    return s;
  };

  it("a clerk's live stream on A hears an order paid through B, and B's status change, within a second", async () => {
    const clerk = await createStaff(a, { name: 'Ramu' });
    const stream = await streamOnA(clerk.headers);
    // The payment is made entirely through copy B, as a customer whose requests the load balancer sent there.
    const { customer, service, file } = await setupCustomerWithFile(b, 12);
    const { draft } = await placePaidOrder(b, customer, service.id, file.id, { deliveryType: 'pickup' });
    const paid = await stream.waitFor(
      (e) => e.type === 'order.paid' && e.data.orderNumber === draft.orderNumber,
      PUSH_MS,
    );
    expect(paid.data).toMatchObject({ orderId: draft.orderId, deliveryType: 'pickup' });

    const clerkOnB = await createStaff(b, { name: 'Sita' });
    const change = await b.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${draft.orderId}/status`,
      headers: clerkOnB.headers,
      payload: { status: 'processing' },
    });
    expect(change.statusCode).toBe(200);
    const status = await stream.waitFor(
      (e) => e.type === 'order.status' && e.data.orderNumber === draft.orderNumber,
      PUSH_MS,
    );
    expect(status.data).toMatchObject({ from: 'unvisited', to: 'processing' });
    // A's own pages read the same order from the shared database.
    const onA = await a.inject({
      method: 'GET',
      url: `/api/staff/orders?search=${draft.orderNumber}`,
      headers: clerk.headers,
    });
    expect(onA.json()[0]).toMatchObject({ order_number: draft.orderNumber, status: 'processing' });
    // Each event arrives once, not once per copy.
    expect(
      stream.events.filter((e) => e.type === 'order.paid' && e.data.orderNumber === draft.orderNumber),
    ).toHaveLength(1);
  });

  it('the admin’s stream on A hears a service changed on B', async () => {
    const admin = await signInAdmin(a);
    const stream = await streamOnA(admin.headers);
    const adminOnB = await signInAdmin(b);
    const off = await b.inject({
      method: 'PATCH',
      url: '/api/admin/services/bulk-status',
      headers: adminOnB.headers,
      payload: { isActive: true },
    });
    expect(off.statusCode).toBe(200);
    await stream.waitFor((e) => e.type === 'service.changed', PUSH_MS);
  });

  it('a staff member deactivated on A loses the session on B at once, and cannot sign in on B', async () => {
    const adminOnA = await signInAdmin(a);
    const temp = await createStaff(a, { name: 'Temp' });
    const onB = () => b.inject({ method: 'GET', url: '/api/staff/orders', headers: temp.headers });
    expect((await onB()).statusCode).toBe(200); // B has the session in its cache now
    expect((await onB()).statusCode).toBe(200);
    const off = await a.inject({
      method: 'PUT',
      url: `/api/admin/staff/${temp.record.id}`,
      headers: adminOnA.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    await untilStatus('the deactivated clerk on B', onB, 401, PUSH_MS);
    const login = await b.inject({
      method: 'POST',
      url: '/api/auth/staff/login',
      payload: { mobile_number: temp.record.mobileNumber, password: temp.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('invalid_credentials');

    // Deleted on A: the same.
    const gone = await createStaff(a, { name: 'Gone' });
    const goneOnB = () => b.inject({ method: 'GET', url: '/api/staff/orders', headers: gone.headers });
    expect((await goneOnB()).statusCode).toBe(200);
    expect(
      (await a.inject({ method: 'DELETE', url: `/api/admin/staff/${gone.record.id}`, headers: adminOnA.headers }))
        .statusCode,
    ).toBe(200);
    await untilStatus('the deleted clerk on B', goneOnB, 401, PUSH_MS);
  });

  it('signing out on B ends the session on A too', async () => {
    const customer = await createCustomer(b, { name: 'Padma' });
    const meOnA = () => a.inject({ method: 'GET', url: '/api/auth/user', headers: customer.headers });
    expect((await meOnA()).statusCode).toBe(200);
    const out = await b.inject({ method: 'POST', url: '/api/auth/logout', headers: customer.headers });
    expect(out.statusCode).toBe(200);
    await untilStatus('the signed-out customer on A', meOnA, 401, PUSH_MS);
  });

  it('an address slowed by failed sign-ins on A is slowed on B too, while the owner elsewhere gets in on B', async () => {
    const customer = await createCustomer(a);
    // Nine failures (the waits between them skipped): the ninth makes the next try wait 16 s.
    for (let i = 0; i < 9; i++) {
      await a.ctx.db.update(authThrottle).set({ lockedUntil: null });
      const res = await a.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.0.1',
        payload: { email: customer.record.email, password: `Wrong!Pass${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const sameAddressOnB = await b.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.0.1',
      payload: { email: customer.record.email, password: customer.password },
    });
    expect(sameAddressOnB.statusCode).toBe(429);
    expect(sameAddressOnB.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    const ownerOnB = await b.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.1.1',
      payload: { email: customer.record.email, password: customer.password },
    });
    expect(ownerOnB.statusCode).toBe(200);
  });

  it('the per-address ceiling on sign-in calls is one count across both copies (the database GCRA store)', async () => {
    // Test mode's ceiling for forgot-password is 50 a minute from one address (one more every 1.2 s after that).
    // Alternating copies, per-copy counters would refuse only after 100 calls; one shared count refuses after 50
    // (a few more only if the machine is so slow that calls take over a second each).
    const statuses: number[] = [];
    for (let i = 0; i < 100 && !statuses.includes(429); i++) {
      const copy = i % 2 === 0 ? a : b;
      statuses.push(
        (
          await copy.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            remoteAddress: '10.9.2.1',
            payload: {},
          })
        ).statusCode,
      );
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThanOrEqual(50);
    expect(first).toBeLessThan(75);
    expect(statuses.slice(0, 50).every((s) => s === 400)).toBe(true);
    expect(
      (await b.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '10.9.2.2', payload: {} }))
        .statusCode,
    ).toBe(400);
  });
});
