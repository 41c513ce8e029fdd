import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusEvents, services } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createService, createStaff, signInAdmin } from '../factories/index.ts';
import { multipartBody } from '../pdf/multipart.ts';

describe.each(DATABASES)('back office on %s', (db) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;
  let customer: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    app = await createTestApp({ db });
    admin = await signInAdmin(app);
    clerk = await createStaff(app, { name: 'Ramu' });
    customer = await createCustomer(app, { name: 'Padma' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('moves an order through any status, recording who changed it, and refuses the wrong end state', async () => {
    const delivery = await createPaidOrder(app, customer.record.id, { deliveryType: 'delivery' });
    const pickup = await createPaidOrder(app, customer.record.id, { deliveryType: 'pickup' });
    const set = (id: number, status: unknown, headers = clerk.headers, scope = 'staff') =>
      app.inject({ method: 'PATCH', url: `/api/${scope}/orders/${id}/status`, headers, payload: { status } });

    expect((await set(delivery.id, 'completed')).json().status).toBe('completed');
    expect((await set(delivery.id, 'processing')).json().status).toBe('processing'); // no sequence is enforced
    const refusedCollected = await set(delivery.id, 'collected');
    expect(refusedCollected.statusCode).toBe(400);
    expect(refusedCollected.json().message).toMatch(/delivered, not collected/);
    const refusedDelivered = await set(pickup.id, 'delivered', admin.headers, 'admin');
    expect(refusedDelivered.statusCode).toBe(400);
    expect((await set(pickup.id, 'collected', admin.headers, 'admin')).json().status).toBe('collected');
    expect((await set(pickup.id, 'bogus')).statusCode).toBe(400);

    const events = await app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, delivery.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind, e.actorName])).toEqual([
      ['pending_payment', 'unvisited', 'system', null],
      ['unvisited', 'completed', 'staff', 'Ramu'],
      ['completed', 'processing', 'staff', 'Ramu'],
    ]);
    // The customer's tracking shows the same timeline.
    const tracking = await app.inject({
      method: 'GET',
      url: `/api/orders/${delivery.orderNumber}`,
      headers: customer.headers,
    });
    expect(tracking.json().timeline.map((t: { to_status: string }) => t.to_status)).toEqual([
      'unvisited',
      'completed',
      'processing',
    ]);
  });

  it('lists accounts for the admin, newest first, searched by name or e-mail, a page at a time, with paid orders counted', async () => {
    const a = await createCustomer(app, { name: 'Lakshmi 100% Prints', email: 'lakshmi.accounts@example.com' });
    const b = await createCustomer(app, { name: 'Lakshmana', email: 'l_rao.accounts@example.com' });
    await createPaidOrder(app, a.record.id);
    await createPaidOrder(app, a.record.id);
    await createPaidOrder(app, a.record.id, { status: 'pending_payment', paymentStatus: 'pending' }); // a draft is not an order yet
    const list = (url: string, headers: Record<string, string> = admin.headers) =>
      app.inject({ method: 'GET', url, headers });

    const found = await list('/api/admin/users?search=LAKSHM');
    expect(found.statusCode).toBe(200);
    expect(found.headers['x-total-count']).toBe('2');
    expect(found.json()).toEqual([
      {
        id: b.record.id,
        name: 'Lakshmana',
        email: 'l_rao.accounts@example.com',
        role: 'user',
        created_at: expect.any(String),
        order_count: 0,
      },
      {
        id: a.record.id,
        name: 'Lakshmi 100% Prints',
        email: 'lakshmi.accounts@example.com',
        role: 'user',
        created_at: expect.any(String),
        order_count: 2,
      },
    ]);
    // LIKE's wildcards are taken as typed.
    expect((await list('/api/admin/users?search=100%25')).json().map((u: { id: number }) => u.id)).toEqual([
      a.record.id,
    ]);
    expect((await list('/api/admin/users?search=l_rao')).json().map((u: { id: number }) => u.id)).toEqual([
      b.record.id,
    ]);
    expect((await list('/api/admin/users?search=%25%25%25zz')).json()).toEqual([]);

    const all = await list('/api/admin/users?limit=1000');
    const total = Number(all.headers['x-total-count']);
    expect(all.json().length).toBe(Math.min(total, 50)); // an out-of-range limit falls back to 50
    const pageOne = await list('/api/admin/users?limit=2&offset=0');
    const pageTwo = await list('/api/admin/users?limit=2&offset=2');
    expect(pageOne.json().map((u: { id: number }) => u.id)).toEqual([b.record.id, a.record.id]);
    expect(pageTwo.json()).toHaveLength(Math.min(2, total - 2));
    expect(pageTwo.json().map((u: { id: number }) => u.id)).not.toContain(a.record.id);
    expect(JSON.stringify(all.json())).not.toMatch(/password|hash/i);
    // Customer accounts only: the admin is not listed among them.
    expect(all.json().map((u: { role: string }) => u.role)).not.toContain('admin');
    expect((await list('/api/admin/users?search=admin')).json().map((u: { role: string }) => u.role)).not.toContain(
      'admin',
    );

    expect((await list('/api/admin/users', clerk.headers)).statusCode).toBe(403);
    expect((await list('/api/admin/users', customer.headers)).statusCode).toBe(403);
    expect((await list('/api/admin/users', {})).statusCode).toBe(401);
  });

  it('filters, searches and pages the staff queue on the server, hiding unpaid drafts', async () => {
    const other = await createCustomer(app, { name: 'Venkat Rao' });
    for (let i = 0; i < 5; i++)
      await createPaidOrder(app, other.record.id, {
        deliveryType: i % 2 ? 'pickup' : 'delivery',
        originalFilename: `venkat-${i}.pdf`,
      });
    await createPaidOrder(app, other.record.id, {
      status: 'pending_payment',
      paymentStatus: 'pending',
      originalFilename: 'venkat-draft.pdf',
    });
    const page = await app.inject({
      method: 'GET',
      url: '/api/staff/orders?search=VENKAT&limit=2&offset=0',
      headers: clerk.headers,
    });
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json()).toHaveLength(2);
    const pickups = await app.inject({
      method: 'GET',
      url: '/api/staff/orders?search=venkat&deliveryType=pickup',
      headers: clerk.headers,
    });
    expect(
      pickups
        .json()
        .map((o: { original_filename: string }) => o.original_filename)
        .sort(),
    ).toEqual(['venkat-1.pdf', 'venkat-3.pdf']);
    const first = pickups.json()[0];
    expect(first.whatsapp_url).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(new URL(first.whatsapp_url).searchParams.get('text')).toContain(`about your order ${first.order_number} (`);
    expect(first.customer_name).toBe('Venkat Rao');
    const fresh = await app.inject({
      method: 'GET',
      url: '/api/staff/orders?status=new&search=venkat',
      headers: clerk.headers,
    });
    expect(fresh.headers['x-total-count']).toBe('5');
  });

  it('counts the dashboard with aggregate queries', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/orders/stats', headers: admin.headers });
    const all = (await app.ctx.db.select().from(orders)).filter((o) => o.status !== 'pending_payment');
    const s = res.json();
    expect(s.total).toBe(all.length);
    expect(s.delivery + s.pickup).toBe(all.length);
    expect(s.services.total).toBeGreaterThanOrEqual(6);
  });

  it('bulk-toggles services with the original API answer names and soft-deletes so old orders keep their service', async () => {
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/admin/services/bulk-status',
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    expect(off.json().updatedCount).toBeGreaterThan(0);
    expect(typeof off.json().processingTime).toBe('number');
    expect((await app.inject({ method: 'GET', url: '/api/services' })).json()).toEqual([]);
    const on = await app.inject({
      method: 'PATCH',
      url: '/api/admin/services/bulk-status',
      headers: admin.headers,
      payload: { isActive: true },
    });
    expect(on.json().updatedCount).toBe(off.json().updatedCount);

    const service = await createService(app, { name: 'Old Lamination' });
    const order = await createPaidOrder(app, customer.record.id, { serviceId: service.id, serviceName: service.name });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/admin/services/${service.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/services/${service.id}` })).statusCode).toBe(404);
    const [row] = await app.ctx.db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ deleted: true, isActive: false });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}`,
      headers: customer.headers,
    });
    expect(detail.json().service_name).toBe('Old Lamination');
  });

  it('stores a service image checked by its content and refuses a disguised one', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const good = await multipartBody(png, 'card.png', {
      field: 'image',
      type: 'image/png',
      extraFields: {
        name: 'Photo Card',
        description: 'Glossy photo card printing',
        price_single_side: '40',
        price_double_side: '70',
        category: 'pvc_card',
      },
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: { ...admin.headers, ...good.headers },
      payload: good.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const img = await app.inject({ method: 'GET', url: created.json().image_url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');

    const fake = await multipartBody('<svg onload=alert(1)>', 'evil.png', {
      field: 'image',
      type: 'image/png',
      extraFields: {
        name: 'Evil',
        description: 'A text file pretending',
        price_single_side: '1',
        price_double_side: '1',
      },
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: { ...admin.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/PNG, JPEG, GIF or WebP/);
    expect((await app.ctx.db.select().from(services)).some((s) => s.name === 'Evil')).toBe(false);
  });

  it("ends a staff member's sessions the moment they are deactivated or deleted", async () => {
    const temp = await createStaff(app, { name: 'Temp' });
    expect((await app.inject({ method: 'GET', url: '/api/staff/orders', headers: temp.headers })).statusCode).toBe(200);
    await app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${temp.record.id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect((await app.inject({ method: 'GET', url: '/api/staff/orders', headers: temp.headers })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/staff/login',
      payload: { mobile_number: temp.record.mobileNumber, password: temp.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('invalid_credentials');
    expect(login.json().token).toBeUndefined();

    const dup = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: admin.headers,
      payload: { name: 'Copy', mobile_number: clerk.record.mobileNumber, password: 'Counter@789' },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: admin.headers,
      payload: { name: 'X' },
    });
    expect(missing.json().message).toBe('Please fill all fields');
  });

  it('pushes a status change to an open Server-Sent Events stream', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const order = await createPaidOrder(app, customer.record.id);
    const ac = new AbortController();
    const res = await fetch(`${address}/api/events`, { headers: clerk.headers, signal: ac.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const received = (async () => {
      let text = '';
      while (!text.includes('event: order.status')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      return text;
    })();
    await new Promise((r) => setTimeout(r, 50));
    await app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${order.id}/status`,
      headers: clerk.headers,
      payload: { status: 'processing' },
    });
    const text = await received;
    ac.abort();
    expect(text).toContain(`"orderNumber":"${order.orderNumber}"`);
    expect(text).toContain('"to":"processing"');
    const visitor = await fetch(`${address}/api/events`);
    expect(visitor.status).toBe(401);
  });
});
