import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';
import { until } from '../helpers/until.ts';
import { createCustomer, createPaidOrder, createStaff, signInAdmin } from '../factories/index.ts';

describe.each(DATABASES)('the live order stream on %s', (db) => {
  let app: TestApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    app = await createTestApp({ db });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await app?.close();
  });

  const open = async (headers: Record<string, string>) => {
    const s = await openEventStream(`${base}/api/events`, headers);
    streams.push(s);
    return s;
  };

  it("ends a clerk's open stream the moment the admin deactivates or deletes them, and only theirs", async () => {
    const leaving = await createStaff(app, { name: 'Leaving Clerk' });
    const deleted = await createStaff(app, { name: 'Deleted Clerk' });
    const staying = await createStaff(app, { name: 'Staying Clerk' });
    const [leavingStream, deletedStream, stayingStream] = [
      await open(leaving.headers),
      await open(deleted.headers),
      await open(staying.headers),
    ];
    expect([leavingStream.status, deletedStream.status, stayingStream.status]).toEqual([200, 200, 200]);

    const off = await app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${leaving.record.id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    await until(() => leavingStream.ended(), 'the stream ended');
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/admin/staff/${deleted.record.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBeLessThan(300);
    await until(() => deletedStream.ended(), 'the stream ended');

    // A rename is not a revocation: that clerk's stream goes on and still hears new orders.
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${staying.record.id}`,
      headers: admin.headers,
      payload: { name: 'Staying Clerk Sr' },
    });
    expect(renamed.statusCode).toBe(200);
    const customer = await createCustomer(app);
    const order = await createPaidOrder(app, customer.record.id);
    await app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'processing' },
    });
    const heard = await stayingStream.waitFor(
      (e) => e.type === 'order.status' && e.data.orderNumber === order.orderNumber,
      10_000,
    );
    expect(heard.data.to).toBe('processing');
    expect(stayingStream.ended()).toBe(false);
  });

  it('never sends session revocations (hashes, user and staff ids) to the screens', async () => {
    const clerk = await createStaff(app);
    const stream = await open(clerk.headers);
    const customer = await createCustomer(app);
    // A customer signing out and a staff member being deactivated both publish session events on the bus.
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: customer.headers });
    const other = await createStaff(app);
    await app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${other.record.id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    const order = await createPaidOrder(app, customer.record.id);
    await app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${order.id}/status`,
      headers: clerk.headers,
      payload: { status: 'visited' },
    });
    await stream.waitFor((e) => e.type === 'order.status' && e.data.orderNumber === order.orderNumber, 10_000);
    expect(
      stream.events.map((e) => e.type).filter((t) => !['order.paid', 'order.status', 'service.changed'].includes(t)),
    ).toEqual([]);
  });
});
