import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.ts';
import { MAX_STREAMS_PER_ACCOUNT } from '../../src/modules/live/live.routes.ts';
import { sha256Hex } from '../../src/lib/crypto.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';
import { until } from '../helpers/until.ts';
import { createCustomer, createStaff, signInAdmin } from '../factories/index.ts';
import { createDraft, sandboxPay, setupCustomerWithFile, verify } from '../payments/flow.ts';

describe.each(DATABASES)('unpaid drafts and live streams on %s', (db) => {
  let app: TestApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  const streams: EventStream[] = [];
  beforeAll(async () => {
    app = await createTestApp({ db });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signInAdmin(app);
    clerk = await createStaff(app, { name: 'Counter Ramu' });
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
  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

  it('staff never see an unpaid draft: no list, count, search, detail, download, status change or event; the admin can ask for it', async () => {
    const stream = await open(clerk.headers);
    expect(stream.status).toBe(200);
    const { customer, service, file } = await setupCustomerWithFile(app);
    const draft = await createDraft(app, customer, service.id, file.id);
    const filename = file.originalFilename;

    for (const q of [
      '',
      '?status=pending_payment',
      '?status=all',
      `?search=${draft.orderNumber}`,
      `?search=${encodeURIComponent(filename)}`,
      '?search=9876543210',
    ]) {
      const list = await get(`/api/staff/orders${q}`, clerk.headers);
      expect(list.statusCode).toBe(200);
      expect(
        list.json().map((o: { order_number: string }) => o.order_number),
        `staff list ${q}`,
      ).not.toContain(draft.orderNumber);
    }
    const drafts = await get('/api/staff/orders?status=pending_payment', clerk.headers);
    expect(drafts.headers['x-total-count']).toBe('0');
    // The admin on the counter's own list sees what the counter sees.
    expect((await get('/api/staff/orders?status=pending_payment', admin.headers)).json()).toEqual([]);

    for (const url of [
      `/api/orders/${draft.orderNumber}`,
      `/api/orders/${draft.orderId}`,
      `/api/orders/${draft.orderId}/file`,
      `/downloads/file?orderId=${draft.orderId}`,
      `/api/direct-object-download?orderId=${draft.orderId}`,
    ]) {
      const res = await get(url, clerk.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('9876543210');
    }
    const move = await app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${draft.orderId}/status`,
      headers: clerk.headers,
      payload: { status: 'processing' },
    });
    expect(move.statusCode).toBe(404);

    // The admin may look at drafts, by asking for them.
    const adminDrafts = await get('/api/admin/orders?status=pending_payment', admin.headers);
    expect(adminDrafts.json().map((o: { order_number: string }) => o.order_number)).toContain(draft.orderNumber);
    expect((await get(`/api/orders/${draft.orderNumber}`, admin.headers)).statusCode).toBe(200);

    // Once paid it is an order: the counter hears of it and can open it. Nothing about the draft came before.
    const proof = await sandboxPay(app, customer, draft.id);
    expect((await verify(app, customer, proof)).statusCode).toBe(200);
    const paid = await stream.waitFor(
      (e) => e.type === 'order.paid' && e.data.orderNumber === draft.orderNumber,
      10_000,
    );
    expect(
      stream.events.slice(0, paid.index).filter((e) => JSON.stringify(e.data).includes(draft.orderNumber)),
    ).toEqual([]);
    expect((await get(`/api/orders/${draft.orderNumber}`, clerk.headers)).statusCode).toBe(200);
  });

  it('a stream ends when its session reaches its end', async () => {
    const s = await createStaff(app, { name: 'Short Session' });
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.tokenHash, sha256Hex(s.token)));
    const stream = await open(s.headers);
    expect(stream.status).toBe(200);
    await until(() => stream.ended(), 'the stream ended');
    expect((await get('/api/staff/orders', s.headers)).statusCode).toBe(401);
  });

  it(`opens at most ${MAX_STREAMS_PER_ACCOUNT} streams per account, with a 429 that says why; a closed one frees its place`, async () => {
    const s = await createStaff(app, { name: 'Many Tabs' });
    const mine: EventStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) mine.push(await open(s.headers));
    expect(mine.map((m) => m.status)).toEqual(Array(MAX_STREAMS_PER_ACCOUNT).fill(200));
    const extra = await fetch(`${base}/api/events`, { headers: s.headers });
    expect(extra.status).toBe(429);
    expect(extra.headers.get('cache-control')).toBe('no-store');
    expect(((await extra.json()) as { message: string }).message).toMatch(/already open on 5 screens for this account/);
    // Another clerk is not affected.
    const other = await open((await createStaff(app)).headers);
    expect(other.status).toBe(200);
    mine[0]!.close();
    let again: EventStream | undefined;
    for (let i = 0; i < 100 && again?.status !== 200; i++) {
      again?.close();
      again = await open(s.headers);
      if (again.status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again!.status).toBe(200);
  });

  it('customers cannot open the stream at all', async () => {
    const c = await createCustomer(app);
    const res = await fetch(`${base}/api/events`, { headers: c.headers });
    expect(res.status).toBe(403);
    await res.body?.cancel();
  });
});
