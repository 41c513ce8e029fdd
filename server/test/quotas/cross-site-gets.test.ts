import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { DATABASES, createTestApp, type TestApp } from '../helpers/app.ts';
import { stored } from '../helpers/stored.ts';
import { fixturePdf, createCustomer, createPaidOrder, createStaff, signInAdmin } from '../factories/index.ts';
import { uploadPdf } from './helpers.ts';

/**
 * Decision 012: a link or image on another site sends the session cookie with a GET (SameSite=Lax), so no GET
 * may change anything unless it comes from the shop's own pages (server/src/plugins/request-origin.ts).
 */

/** Bookkeeping that any signed-in request may touch, and why it is not a change a user would see. */
const BOOKKEEPING_TABLES = new Set([
  'sessions', // last-seen time for the idle expiry
  'rate_limits', // counts of requests (reads are counted too)
  'auth_throttle', // sign-in failure counters
]);
/** Stored objects a GET may write: page-1 previews are a cache of the owner's own file, made once. */
const CACHE_PREFIXES = ['previews/'];
/** A stream that only reads, and never ends, so it cannot be awaited here. */
const SKIPPED = new Set(['GET /api/events', 'GET /api/orders/events']);

async function snapshot(app: TestApp): Promise<string> {
  const tables = (await app.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> } | Array<{ table_name: string }>;
  const names = (Array.isArray(tables) ? tables : tables.rows)
    .map((t) => t.table_name)
    .filter((t) => !BOOKKEEPING_TABLES.has(t));
  const parts: string[] = [];
  for (const t of names) {
    // A file's colour pages are a cache of what its content says (found on first ask, decision 016), not a change.
    const query =
      t === 'files'
        ? `select to_jsonb(f) - 'colour_pages' as row from "files" f order by f.id`
        : `select * from "${t}" order by 1`;
    const rows = (await app.ctx.db.execute(sql.raw(query))) as unknown as { rows: unknown[] } | unknown[];
    parts.push(`${t}: ${JSON.stringify(Array.isArray(rows) ? rows : rows.rows)}`);
  }
  const objects = (await app.ctx.storage.list('', 10_000)).filter(
    (o) => !CACHE_PREFIXES.some((p) => o.key.startsWith(p)),
  );
  parts.push(`storage: ${JSON.stringify(objects.map((o) => [o.key, o.size]))}`);
  return parts.join('\n');
}

describe.each(DATABASES)('GET requests from another site change nothing, on %s', (db) => {
  let app: TestApp;
  let cookies: Record<'customer' | 'staff' | 'admin', string>;
  let bearer: Record<'staff' | 'admin', Record<string, string>>;
  let customerId: number;
  let fileId: string;

  beforeAll(async () => {
    app = await createTestApp({ db });
    const customer = await createCustomer(app);
    const staff = await createStaff(app);
    const admin = await signInAdmin(app);
    customerId = customer.record.id;
    cookies = {
      customer: `ps_session=${customer.token}`,
      staff: `ps_session=${staff.token}`,
      admin: `ps_session=${admin.token}`,
    };
    bearer = { staff: staff.headers, admin: admin.headers };
    const up = await uploadPdf(app, customer.headers, fs.readFileSync(fixturePdf('page-a4-1p.pdf')));
    fileId = up.json().file.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const unvisitedOrder = () => createPaidOrder(app, customerId, { status: 'unvisited' });
  const statusOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

  it('every GET route the server registers, as customer, staff and admin, with real ids: nothing changes', async () => {
    const order = await unvisitedOrder();
    const fill = (url: string) =>
      url
        .replace(':fileId', fileId)
        .replace(':ref', String(order.id))
        .replace(':id', String(order.id))
        .replace(':section', 'b2cs')
        .replace(':position', '1')
        .replace(':page', '1')
        .replace(':name', 'missing.png')
        .replace(':token', 'x'.repeat(43));
    const query = `?key=${encodeURIComponent(order.document.filePath)}&orderId=${order.id}&objectKey=${encodeURIComponent(order.document.filePath)}&limit=5`;
    const gets = app
      .routeList()
      .filter((r) => r.method === 'GET' && (r.url.startsWith('/api/') || r.url.startsWith('/downloads/')))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !SKIPPED.has(r));
    expect(gets.length).toBeGreaterThan(20);
    const unfilled = gets.filter((r) => /:[A-Za-z]/.test(fill(r)));
    expect(unfilled, 'GET routes with a parameter this test does not know: add it to fill()').toEqual([]);

    const changed: string[] = [];
    let before = await snapshot(app);
    for (const who of ['customer', 'staff', 'admin'] as const) {
      for (const route of gets) {
        const url = fill(route.slice(4)) + query;
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { cookie: cookies[who], 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
        });
        expect(res.statusCode, `${who} ${url}`).toBeLessThan(500);
        const after = await snapshot(app);
        if (after !== before) changed.push(`${who}: ${route}`);
        before = after;
      }
    }
    expect(changed).toEqual([]);
    // The download itself was served (it only did not mark the order).
    expect(await statusOf(order.id)).toBe('unvisited');
  });

  it('the counter’s own download marks the order visited; the same link from another site, or with no origin, only downloads', async () => {
    for (const [headers, marks] of [
      [{ cookie: cookies.staff, 'sec-fetch-site': 'cross-site' }, false],
      [{ cookie: cookies.staff, 'sec-fetch-site': 'same-site' }, false],
      [{ cookie: cookies.staff }, false],
      [{ cookie: cookies.staff, 'sec-fetch-site': 'same-origin' }, true],
      [{ cookie: cookies.admin, 'sec-fetch-site': 'none' }, true],
      [bearer.staff, true],
    ] as const) {
      const order = await unvisitedOrder();
      for (const url of [
        `/api/orders/${order.id}/file`,
        `/downloads/file?orderId=${order.id}`,
        `/api/direct-object-download?orderId=${order.id}`,
      ]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
      }
      expect(await statusOf(order.id), JSON.stringify(headers)).toBe(marks ? 'visited' : 'unvisited');
    }
  });

  it('the bucket copy and raw-key download are gone; deleting a file is a DELETE from the shop’s own pages', async () => {
    const order = await unvisitedOrder();
    const name = order.document.filePath.split('/').pop()!;
    for (const [method, url] of [
      ['GET', `/api/admin/files/copy?objectKey=${encodeURIComponent(order.document.filePath)}`],
      ['POST', '/api/admin/files/copy'],
      ['GET', `/api/admin/files/download?key=${encodeURIComponent(order.document.filePath)}`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { ...bearer.admin, 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: { objectKey: order.document.filePath } } : {}),
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await app.ctx.storage.get(`admin-bucket/${name}`)).toBeNull();
    const forged = await app.inject({
      method: 'DELETE',
      url: `/api/admin/files/${order.document.fileId}?confirmUnfinished=true`,
      headers: { cookie: cookies.admin, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await stored(app, order.document.filePath)).toBe(true);
    const own = await app.inject({
      method: 'DELETE',
      url: `/api/admin/files/${order.document.fileId}?confirmUnfinished=true`,
      headers: { cookie: cookies.admin, origin: 'http://shop.test' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await stored(app, order.document.filePath)).toBe(false);
  });
});
