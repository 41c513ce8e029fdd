import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusEvents } from '../../src/db/schema/index.ts';
import type { ShopEvent } from '../../src/modules/events/events.ts';
import {
  fixturePdf,
  createCustomer,
  createPaidOrder,
  createStaff,
  createUploadedFile,
  signInAdmin,
} from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

describe.each(DATABASES)('orders on %s', (db) => {
  let app: TestApp;
  const published: ShopEvent[] = [];
  beforeAll(async () => {
    app = await createTestApp({ db, published });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('history', () => {
    let customer: Awaited<ReturnType<typeof createCustomer>>;
    const numbers: string[] = [];
    beforeAll(async () => {
      customer = await createCustomer(app);
      const base = Date.now() - 10 * 60_000;
      const specs = [
        { deliveryType: 'delivery', status: 'unvisited', name: 'Thesis_Final.pdf' },
        { deliveryType: 'pickup', status: 'completed', name: 'notes-week1.pdf' },
        { deliveryType: 'delivery', status: 'processing', name: 'THESIS_draft.pdf' },
        { deliveryType: 'pickup', status: 'visited', name: 'invoice_100%.pdf' },
        { deliveryType: 'delivery', status: 'delivered', name: 'poster.pdf' },
      ] as const;
      for (const [i, s] of specs.entries()) {
        const row = await createPaidOrder(app, customer.record.id, {
          deliveryType: s.deliveryType,
          status: s.status,
          originalFilename: s.name,
          createdAt: new Date(base + i * 60_000),
        });
        numbers.push(row.orderNumber);
      }
      // A draft and someone else's order never show.
      await createPaidOrder(app, customer.record.id, {
        status: 'pending_payment',
        paymentStatus: 'pending',
        originalFilename: 'thesis-unpaid.pdf',
      });
      const other = await createCustomer(app);
      await createPaidOrder(app, other.record.id, { originalFilename: 'Thesis_Final.pdf' });
    });
    const list = (qs = '') => app.inject({ method: 'GET', url: `/api/orders/user${qs}`, headers: customer.headers });

    it('lists paid orders newest first with X-Total-Count', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('5');
      expect(res.json().map((o: { order_number: string }) => o.order_number)).toEqual([...numbers].reverse());
      const first = res.json()[0];
      expect(first).toMatchObject({
        total_amount: 106,
        delivery_charge: 30,
        download_url: `/api/orders/${first.id}/file`,
      });
    });

    it('paginates', async () => {
      const page1 = await list('?limit=2&offset=0');
      const page3 = await list('?limit=2&offset=4');
      expect(page1.json()).toHaveLength(2);
      expect(page1.headers['x-total-count']).toBe('5');
      expect(page3.json().map((o: { order_number: string }) => o.order_number)).toEqual([numbers[0]]);
    });

    it('searches order number or file name case-insensitively, wildcards literal', async () => {
      const thesis = await list('?search=thesis');
      expect(
        thesis
          .json()
          .map((o: { original_filename: string }) => o.original_filename)
          .sort(),
      ).toEqual(['THESIS_draft.pdf', 'Thesis_Final.pdf']);
      const byNumber = await list(`?search=${numbers[1]!.toLowerCase()}`);
      expect(byNumber.json()).toHaveLength(1);
      expect((await list('?search=100%25')).json()).toHaveLength(1);
      expect((await list('?search=%25')).json().map((o: { original_filename: string }) => o.original_filename)).toEqual(
        ['invoice_100%.pdf'],
      );
      expect((await list('?search=t%25s')).json()).toHaveLength(0); // "%" is not a wildcard
      expect((await list('?search=_')).json()).toHaveLength(3); // only names that really contain "_"
    });

    it('filters by status and delivery type, together with search', async () => {
      expect((await list('?status=completed')).json()).toHaveLength(1);
      expect((await list('?status=all')).json()).toHaveLength(5);
      expect((await list('?deliveryType=pickup')).json()).toHaveLength(2);
      expect((await list('?search=thesis&status=processing')).json()).toHaveLength(1);
      expect((await list('?search=thesis&deliveryType=pickup')).json()).toHaveLength(0);
    });

    it('summarises counters and per-tab filtered counts', async () => {
      const all = await app.inject({ method: 'GET', url: '/api/orders/user/summary', headers: customer.headers });
      expect(all.json()).toEqual({
        total: 5,
        delivery: 3,
        pickup: 2,
        completed: 2,
        filtered: { delivery: 3, pickup: 2 },
      });
      const filtered = await app.inject({
        method: 'GET',
        url: '/api/orders/user/summary?search=thesis',
        headers: customer.headers,
      });
      expect(filtered.json().filtered).toEqual({ delivery: 2, pickup: 0 });
    });
  });

  describe('detail and downloads', () => {
    it('the owner, staff and admin see the detail; anyone else gets 404 Order not found', async () => {
      const { customer, service, file } = await setupCustomerWithFile(app);
      const { draft } = await placePaidOrder(app, customer, service.id, file.id);
      const url = `/api/orders/${draft.orderNumber}`;
      const staff = await createStaff(app);
      const admin = await signInAdmin(app);
      for (const who of [customer, staff, admin]) {
        const res = await app.inject({ method: 'GET', url, headers: who.headers });
        expect(res.statusCode).toBe(200);
        expect(res.json().timeline).toHaveLength(1);
      }
      const stranger = await createCustomer(app);
      const res = await app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Order not found');
      expect(
        (await app.inject({ method: 'GET', url: '/api/orders/PS-000000-XXXXX', headers: customer.headers })).statusCode,
      ).toBe(404);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('the owner downloads the PDF byte for byte, by every route', async () => {
      const { customer, service, file } = await setupCustomerWithFile(app);
      const { draft } = await placePaidOrder(app, customer, service.id, file.id);
      const original = fs.readFileSync(fixturePdf('notes-a4-38p.pdf'));
      const key = file.storageKey;
      const lastSegment = key.split('/').pop()!;
      for (const url of [
        `/api/orders/${draft.orderId}/file`,
        `/downloads/file?key=${encodeURIComponent(key)}&orderId=${draft.orderId}&originalFilename=x.pdf`,
        `/api/direct-object-download?key=${lastSegment}&orderId=${draft.orderId}`,
        `/api/direct-object-download?key=${lastSegment}&orderId=${draft.orderNumber}`,
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: customer.headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="notes-a4-38p\.pdf"/);
        expect(Buffer.compare(res.rawPayload, original)).toBe(0);
      }
      // The owner's download does not change the status.
      const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
      expect(row!.status).toBe('unvisited');
    });

    it("another customer's download is 404; a key outside the order is refused", async () => {
      const { customer, service, file } = await setupCustomerWithFile(app);
      const { draft } = await placePaidOrder(app, customer, service.id, file.id);
      const stranger = await createCustomer(app);
      const strangerFile = await createUploadedFile(app, stranger.record.id);
      for (const url of [
        `/api/orders/${draft.orderId}/file`,
        `/downloads/file?key=${encodeURIComponent(file.storageKey)}&orderId=${draft.orderId}`,
        `/api/direct-object-download?key=${file.storageKey.split('/').pop()}&orderId=${draft.orderId}`,
      ]) {
        expect((await app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode, url).toBe(404);
      }
      // The owner cannot fetch another object through their own order.
      for (const key of [
        '../../etc/passwd',
        `orders/${customer.record.id}/../${stranger.record.id}/x.pdf`,
        strangerFile.storageKey,
        '..%2F..%2Fsecret',
        '/etc/passwd',
      ]) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/direct-object-download?key=${encodeURIComponent(key)}&orderId=${draft.orderId}`,
          headers: customer.headers,
        });
        expect([400, 404], key).toContain(res.statusCode);
      }
      expect(
        (await app.inject({ method: 'GET', url: '/api/orders/abc/file', headers: customer.headers })).statusCode,
      ).toBe(404);
    });

    it('a staff download of an unvisited order makes it visited, once, with a status event and a live event', async () => {
      const { customer, service, file } = await setupCustomerWithFile(app);
      const { draft } = await placePaidOrder(app, customer, service.id, file.id);
      const staff = await createStaff(app, { name: 'Lakshmi' });
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/orders/${draft.orderId}/file`,
          headers: staff.headers,
        });
        expect(res.statusCode).toBe(200);
      }
      const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
      expect(row!.status).toBe('visited');
      const events = await app.ctx.db
        .select()
        .from(orderStatusEvents)
        .where(eq(orderStatusEvents.orderId, draft.orderId));
      expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
        ['pending_payment', 'unvisited', 'customer'],
        ['unvisited', 'visited', 'staff'],
      ]);
      expect(published.filter((e) => e.type === 'order.status' && e.orderId === draft.orderId)).toHaveLength(1);
      const detail = await app.inject({
        method: 'GET',
        url: `/api/orders/${draft.orderNumber}`,
        headers: customer.headers,
      });
      expect(detail.json().timeline[1]).toMatchObject({
        to_status: 'visited',
        actor_kind: 'staff',
        actor_name: 'Lakshmi',
      });
    });
  });
});
