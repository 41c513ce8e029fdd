import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff, signInAdmin } from '../factories/index.ts';
import { staff as staffTable } from '../../src/db/schema/index.ts';
import { createAgent, revokeAgent } from '../../src/modules/printing/agents.service.ts';
import { recordSecret } from '../helpers/log-capture.ts';
import { eq } from 'drizzle-orm';

/**
 * Every route the server registers × every kind of caller. Generated from the server's own route list:
 * a new route without an expectation here fails the suite, so no route can be forgotten.
 *
 * public      anyone (may still refuse bad input with 4xx)
 * user        a signed-in customer or the admin
 * staff       counter staff or the admin
 * staff-only  a staff session only
 * admin       the admin only
 * agent       a print agent's token only (no person's session)
 */
type Access = 'public' | 'user' | 'staff' | 'staff-only' | 'admin' | 'agent';

const EXPECT: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/docs': 'public',
  'GET /api/config': 'public',
  'GET /api/paper-types': 'public',
  'GET /api/services': 'public',
  'GET /api/services/:id': 'public',
  'GET /api/service-images/:name': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password/:token': 'public',
  'POST /api/auth/staff/login': 'public',
  'POST /api/razorpay/webhook': 'public',
  'GET /api/auth/user': 'user',
  'PATCH /api/auth/user': 'user',
  'GET /api/auth/staff/me': 'staff-only',
  'PATCH /api/auth/staff/me': 'staff-only',
  'POST /api/pdf/upload': 'user',
  'GET /api/pdf/:fileId/preview': 'user',
  'GET /api/pdf/:fileId/colours': 'user',
  'GET /api/pdf/:fileId/pages/:page': 'user',
  'GET /api/pdf/:fileId/file': 'user',
  'POST /api/pdf/calculate-cost': 'user',
  'POST /api/razorpay/create-order': 'user',
  'POST /api/razorpay/verify-payment': 'user',
  'POST /api/payments/sandbox/complete': 'user',
  'POST /api/orders/create': 'user',
  'POST /api/orders/payment-success': 'user',
  'GET /api/orders/user': 'user',
  'GET /api/orders/drafts': 'user',
  'GET /api/profile/saved-details': 'user',
  'PUT /api/profile/mobile': 'user',
  'DELETE /api/profile/addresses/:id': 'user',
  'GET /api/orders/:ref/reorder': 'user',
  'POST /api/orders/drafts/:ref/pay': 'user',
  'DELETE /api/orders/drafts/:ref': 'user',
  'GET /api/orders/user/summary': 'user',
  'GET /api/storage-test': 'user',
  'POST /api/storage/test-upload': 'user',
  'POST /api/files/upload': 'user',
  // Order files and details: the owner, staff or the admin (ownership is checked below).
  'GET /api/orders/:ref': 'public',
  'GET /api/orders/:ref/file': 'public',
  'GET /api/orders/:ref/documents/:position/file': 'public',
  'GET /api/orders/:ref/documents/:position/original': 'public',
  'GET /api/orders/:ref/refunds': 'public',
  'GET /api/orders/:ref/pickup': 'public',
  'GET /api/orders/:ref/messages': 'public',
  'POST /api/staff/orders/:ref/messages': 'staff',
  'POST /api/staff/orders/:ref/collect': 'staff',
  'POST /api/staff/orders/find-by-pickup-code': 'staff',
  'GET /api/admin/print/speeds': 'admin',
  'PUT /api/admin/print/speeds': 'admin',
  'GET /downloads/file': 'public',
  'GET /api/direct-object-download': 'public',
  'GET /api/admin/reports/day': 'admin',
  'GET /api/admin/staff-sends': 'admin',
  'GET /api/admin/orders/:id/refunds': 'admin',
  'GET /api/orders/:ref/invoices': 'public',
  'GET /api/orders/:ref/invoices/:id/pdf': 'public',
  'GET /api/admin/invoices.csv': 'admin',
  'POST /api/admin/orders/:id/refunds': 'admin',
  'POST /api/admin/orders/:id/refunds/:refundId/hand-back': 'admin',
  'GET /api/admin/reports/orders.csv': 'admin',
  // Backups (decision 040).
  'GET /api/admin/backups': 'admin',
  'POST /api/admin/backups/run': 'admin',
  // GST returns and settings (decisions 037, 038).
  'GET /api/admin/gstr1.zip': 'admin',
  'GET /api/admin/gstr1/:section': 'admin',
  'GET /api/admin/gst/settings': 'admin',
  'PUT /api/admin/gst/settings': 'admin',
  'PUT /api/admin/gst/signature': 'admin',
  'DELETE /api/admin/gst/signature': 'admin',
  'GET /api/admin/gst/signature/:id': 'admin',
  'GET /api/staff/orders': 'staff',
  'GET /api/staff/orders/counts': 'staff',
  'PATCH /api/staff/orders/:id/status': 'staff',
  // Walk-in orders at the counter (decision 025): a customer session is refused.
  'POST /api/counter/uploads': 'staff',
  'GET /api/counter/uploads/:fileId/colours': 'staff',
  'POST /api/counter/orders': 'staff',
  'GET /api/events': 'staff',
  'GET /api/orders/events': 'user',
  'GET /api/admin/orders': 'admin',
  'GET /api/admin/orders/stats': 'admin',
  'PATCH /api/admin/orders/:id/status': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/services/all': 'admin',
  'POST /api/services': 'admin',
  'POST /api/admin/services': 'admin',
  'PUT /api/admin/services/:id': 'admin',
  'PATCH /api/admin/services/:id/status': 'admin',
  'PATCH /api/admin/services/bulk-status': 'admin',
  'DELETE /api/admin/services/:id': 'admin',
  'GET /api/admin/staff': 'admin',
  'POST /api/admin/staff': 'admin',
  'PUT /api/admin/staff/:id': 'admin',
  'DELETE /api/admin/staff/:id': 'admin',
  'GET /api/admin/files/list': 'admin',
  'GET /api/admin/files/:id/download': 'admin',
  'DELETE /api/admin/files/:id': 'admin',
  // The customer's own order only (ownership is checked in server/test/files).
  'DELETE /api/orders/:ref/files': 'user',
  'GET /api/admin/print/agents': 'admin',
  'POST /api/admin/print/agents': 'admin',
  'POST /api/admin/print/agents/:id/token': 'admin',
  'DELETE /api/admin/print/agents/:id/token': 'admin',
  'PATCH /api/admin/print/printers/:id': 'admin',
  'POST /api/admin/print/agents/:id/printers': 'admin',
  'DELETE /api/admin/print/printers/:id': 'admin',
  'GET /api/print/printers': 'staff',
  'GET /api/print/jobs': 'staff',
  'POST /api/print/orders/:id': 'staff',
  'GET /api/print/orders/:id/ticket': 'staff',
  'POST /api/print/new': 'staff',
  'POST /api/print/jobs/:id/retry': 'staff',
  'POST /api/print/jobs/:id/backs': 'staff',
  'POST /api/print/jobs/:id/cancel': 'staff',
  'POST /api/print/jobs/:id/confirm': 'staff',
  'POST /api/agent/hello': 'agent',
  'POST /api/agent/goodbye': 'agent',
  'PUT /api/agent/printers': 'agent',
  'GET /api/agent/jobs': 'agent',
  'GET /api/agent/jobs/:id/document': 'agent',
  'POST /api/agent/jobs/:id/report': 'agent',
};

/** Routes whose "public" access still needs an owner, staff or admin: visitors must be refused. */
const OWNED = new Set([
  'GET /api/orders/:ref',
  'GET /api/orders/:ref/file',
  'GET /api/orders/:ref/documents/:position/file',
  'GET /api/orders/:ref/documents/:position/original',
  'GET /api/orders/:ref/refunds',
  'GET /api/orders/:ref/invoices',
  'GET /api/orders/:ref/invoices/:id/pdf',
  'GET /api/orders/:ref/pickup',
  'GET /api/orders/:ref/messages',
  'GET /downloads/file',
  'GET /api/direct-object-download',
]);

type Who = 'visitor' | 'customerA' | 'customerB' | 'staff' | 'deactivatedStaff' | 'admin' | 'agent' | 'revokedAgent';
const WHO: Who[] = ['visitor', 'customerA', 'customerB', 'staff', 'deactivatedStaff', 'admin', 'agent', 'revokedAgent'];

function allowed(access: Access, who: Who): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'user':
      return who === 'customerA' || who === 'customerB' || who === 'admin';
    case 'staff':
      return who === 'staff' || who === 'admin';
    case 'staff-only':
      return who === 'staff';
    case 'admin':
      return who === 'admin';
    case 'agent':
      return who === 'agent';
  }
}

function fillParams(url: string): string {
  return url
    .replace(':fileId', crypto.randomUUID())
    .replace(':token', 'x'.repeat(43))
    .replace(':ref', 'PS-000000-NOPE0')
    .replace(':name', 'missing.png')
    .replace(/:[a-zA-Z]+/g, '999999');
}

describe.each(DATABASES)('permission matrix on %s', (db) => {
  let app: TestApp;
  const headers: Record<Who, Record<string, string>> = {} as never;
  let order: Awaited<ReturnType<typeof createPaidOrder>>;

  beforeAll(async () => {
    app = await createTestApp({ db });
    const a = await createCustomer(app, { name: 'Customer A' });
    const b = await createCustomer(app, { name: 'Customer B' });
    const s = await createStaff(app);
    const gone = await createStaff(app, { name: 'Former Clerk' });
    const admin = await signInAdmin(app);
    // The session exists, then the admin deactivates the staff member: it must stop working at once.
    await app.ctx.db.update(staffTable).set({ isActive: false }).where(eq(staffTable.id, gone.record.id));
    headers.visitor = {};
    headers.customerA = a.headers;
    headers.customerB = b.headers;
    headers.staff = s.headers;
    headers.deactivatedStaff = gone.headers;
    headers.admin = admin.headers;
    const agent = await createAgent(app.ctx, 'Counter PC', null);
    const revoked = await createAgent(app.ctx, 'Old PC', null);
    await revokeAgent(app.ctx, revoked.agent.id);
    recordSecret('secret', agent.token);
    recordSecret('secret', revoked.token);
    headers.agent = { authorization: `Bearer ${agent.token}` };
    headers.revokedAgent = { authorization: `Bearer ${revoked.token}` };
    order = await createPaidOrder(app, a.record.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has an expectation for every route the server registers', () => {
    const missing = app
      .routeList()
      .map((r) => `${r.method} ${r.url}`)
      .filter(
        (key) => !(key in EXPECT) && !key.startsWith('GET /assets') && key !== 'GET /' && !key.startsWith('GET /*'),
      );
    expect(missing, 'routes without an expectation in the permission matrix').toEqual([]);
  });

  it('lists only routes that exist (the table does not rot)', () => {
    const have = new Set(app.routeList().map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(EXPECT).filter((k) => !have.has(k))).toEqual([]);
  });

  it('private answers carry Cache-Control: no-store when they succeed too', async () => {
    const key = order.document.filePath.split('/').pop()!;
    const calls: Array<[string, Record<string, string>]> = [
      ['/api/auth/user', headers.customerA],
      ['/api/auth/staff/me', headers.staff],
      ['/api/orders/user', headers.customerA],
      ['/api/orders/user/summary', headers.customerA],
      [`/api/orders/${order.orderNumber}`, headers.customerA],
      [`/api/orders/${order.id}/file`, headers.customerA],
      [`/downloads/file?key=${encodeURIComponent(key)}&orderId=${order.id}`, headers.customerA],
      ['/api/staff/orders', headers.staff],
      ['/api/admin/orders', headers.admin],
      ['/api/admin/orders/stats', headers.admin],
      ['/api/admin/users', headers.admin],
      ['/api/admin/staff', headers.admin],
      ['/api/admin/services/all', headers.admin],
      ['/api/admin/files/list', headers.admin],
      ['/api/health', headers.admin],
    ];
    for (const [url, who] of calls) {
      const res = await app.inject({ method: 'GET', url, headers: who });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }
    // Public, cacheable answers keep their own rule.
    expect((await app.inject({ method: 'GET', url: '/api/config' })).headers['cache-control']).toBe('no-cache');
  });

  it('lets only the owner, staff and the admin see an order and its file', async () => {
    const key = order.document.filePath.split('/').pop()!;
    const urls = [
      `/api/orders/${order.orderNumber}`,
      `/api/orders/${order.id}/file`,
      `/api/orders/${order.orderNumber}/documents/1/file`,
      `/api/orders/${order.orderNumber}/refunds`,
      `/api/orders/${order.orderNumber}/invoices`,
      `/api/orders/${order.orderNumber}/messages`,
      `/downloads/file?key=${encodeURIComponent(key)}&orderId=${order.id}&originalFilename=x.pdf`,
      `/api/direct-object-download?key=${encodeURIComponent(key)}&orderId=${order.id}`,
      `/api/pdf/${order.document.fileId}/preview`,
    ];
    for (const url of urls) {
      const b = await app.inject({ method: 'GET', url, headers: headers.customerB });
      expect(b.statusCode, `customer B on ${url}`).toBe(404);
      const a = await app.inject({ method: 'GET', url, headers: headers.customerA });
      expect(a.statusCode, `customer A on ${url}`).toBe(200);
      const visitor = await app.inject({ method: 'GET', url });
      expect([401, 404], `visitor on ${url}`).toContain(visitor.statusCode);
    }
    const list = await app.inject({ method: 'GET', url: '/api/orders/user', headers: headers.customerB });
    expect((list.json() as Array<{ order_number: string }>).map((o) => o.order_number)).not.toContain(
      order.orderNumber,
    );
  });

  it('answers every route × caller as expected, and never with a 5xx', async () => {
    const failures: string[] = [];
    // Logout revokes the caller's session, so it goes last.
    const routes = app
      .routeList()
      .sort((x, y) => Number(x.url === '/api/auth/logout') - Number(y.url === '/api/auth/logout'));
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const access = EXPECT[key];
      if (!access) continue;
      for (const who of WHO) {
        const ok =
          allowed(access, who) &&
          !(
            OWNED.has(key) &&
            (who === 'visitor' || who === 'deactivatedStaff' || who === 'agent' || who === 'revokedAgent')
          );
        // The live stream never ends for an allowed caller: it is tested on a real port in the events suite.
        if ((key === 'GET /api/events' || key === 'GET /api/orders/events') && ok) continue;
        const res = await app.inject({
          method: route.method as 'GET',
          // The agent's job poll waits up to 25 s for work by default: asked not to wait here.
          url: fillParams(route.url) + (key === 'GET /api/agent/jobs' ? '?wait=0' : ''),
          headers: {
            ...headers[who],
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
          },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        const denied = res.statusCode === 401 || res.statusCode === 403;
        if (res.statusCode >= 500) failures.push(`${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (ok && denied && !key.startsWith('POST /api/auth/'))
          failures.push(`${key} as ${who}: expected access, got ${res.statusCode}`);
        else if (!ok && !denied) failures.push(`${key} as ${who}: expected 401/403, got ${res.statusCode}`);
        // Private answers (and every refusal) are never kept by a browser cache or a proxy.
        if ((access !== 'public' || OWNED.has(key)) && !/no-store/.test(String(res.headers['cache-control'] ?? ''))) {
          failures.push(
            `${key} as ${who}: ${res.statusCode} without Cache-Control: no-store (got ${String(res.headers['cache-control'])})`,
          );
        }
        if (res.statusCode >= 400) {
          const body = res.json() as { message?: unknown };
          if (typeof body.message !== 'string' || !body.message)
            failures.push(`${key} as ${who}: ${res.statusCode} without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
