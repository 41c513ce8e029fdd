import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TOTAL_CAP } from '../../src/modules/orders/back-office.repository.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { insertBulkOrders } from '../factories/bulk-orders.ts';
import { signInAdmin } from '../factories/index.ts';

/** A shop with a long history: the lists stay exact where it matters and cheap where it cannot matter. */
describe.each(DATABASES)('order lists with a long history on %s', (db) => {
  const ORDERS = 1_200;
  let app: TestApp;
  let clerk: { authorization: string };
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    app = await createTestApp({ db });
    await insertBulkOrders(app.ctx.db, ORDERS);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/staff/login',
      payload: { mobile_number: '9000000001', password: 'Counter@123' },
    });
    clerk = { authorization: `Bearer ${login.json().token}` };
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const list = (query: string, headers: Record<string, string> = clerk) =>
    app.inject({ method: 'GET', url: `/api/staff/orders?${query}`, headers });

  it('stops counting at 1,000 for the pager, and says so, while a short last page is exact', async () => {
    const first = await list('limit=50');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(50);
    expect(first.headers['x-total-count']).toBe(String(ORDER_TOTAL_CAP));
    expect(first.headers['x-total-capped']).toBe('true');
    // Newest first: the first card is the latest order.
    const times = first.json().map((o: { created_at: string }) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const last = await list(`limit=50&offset=${ORDERS - 20}`);
    expect(last.json()).toHaveLength(20);
    expect(last.headers['x-total-count']).toBe(String(ORDERS));
    expect(last.headers['x-total-capped']).toBeUndefined();
  });

  it('counts the counter queue exactly: new orders, and each status and type', async () => {
    const fresh = await list('status=new&limit=50');
    expect(fresh.json()).toHaveLength(40);
    expect(fresh.headers['x-total-count']).toBe('40');
    expect(fresh.json().every((o: { status: string }) => o.status === 'unvisited' || o.status === 'visited')).toBe(
      true,
    );
    const processingPickups = await list('status=processing&deliveryType=pickup&limit=50');
    expect(
      processingPickups
        .json()
        .every(
          (o: { status: string; delivery_type: string }) => o.status === 'processing' && o.delivery_type === 'pickup',
        ),
    ).toBe(true);
    expect(Number(processingPickups.headers['x-total-count'])).toBe(processingPickups.json().length);
  });

  it('finds orders by part of the order number, customer name, file name or phone, in any case', async () => {
    const newest = (await list('limit=1')).json()[0] as {
      order_number: string;
      user_name: string;
      original_filename: string;
      mobile_number: string;
    };
    for (const part of [
      newest.order_number.slice(-5).toLowerCase(),
      newest.original_filename.toUpperCase(),
      newest.mobile_number.slice(-6),
    ]) {
      const found = await list(`search=${encodeURIComponent(part)}&limit=50`);
      expect(
        found.json().map((o: { order_number: string }) => o.order_number),
        part,
      ).toContain(newest.order_number);
    }
    const byName = await list(`search=${encodeURIComponent(newest.user_name.split(' ')[0]!.toUpperCase())}&limit=50`);
    expect(byName.json().length).toBeGreaterThan(0);
    expect(
      byName
        .json()
        .every((o: { user_name: string }) =>
          o.user_name.toLowerCase().includes(newest.user_name.split(' ')[0]!.toLowerCase()),
        ),
    ).toBe(true);
    const none = await list('search=no-such-order-anywhere');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('shows a status change at once in the lists and the dashboard counts, however recently they were read', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/admin/orders/stats', headers: admin.headers })).json();
    const queue = (await list('status=new&limit=50')).json() as Array<{ id: number }>;
    const target = queue[0]!;
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${target.id}/status`,
      headers: clerk,
      payload: { status: 'processing' },
    });
    expect(moved.statusCode).toBe(200);

    const after = (await app.inject({ method: 'GET', url: '/api/admin/orders/stats', headers: admin.headers })).json();
    expect(after.processing).toBe(before.processing + 1);
    const queueAfter = (await list('status=new&limit=50')).json() as Array<{ id: number }>;
    expect(queueAfter.map((o) => o.id)).not.toContain(target.id);
    expect(queueAfter).toHaveLength(queue.length - 1);
    const adminView = await app.inject({
      method: 'GET',
      url: '/api/admin/orders?status=processing&limit=100',
      headers: admin.headers,
    });
    expect(adminView.json().map((o: { id: number }) => o.id)).toContain(target.id);
  });
});
