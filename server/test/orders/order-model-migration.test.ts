import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createStaff, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';

/**
 * Upgrading a shop from release 0.1.0 to the order model (decision 036): the database of that release's own backup
 * archive (fixtures/releases/0.1.0/shop-0.1.0.tar, made by scripts/make-release-fixture.ts through the release's HTTP
 * API: one-document, four-document with a Word file, a photo and a mixed-colour document, business bill part-refunded,
 * refunded, sensitive, files past retention, drafts, walk-in cash with a paper original, walk-in UPI; every paid order
 * with a Tax Invoice, refunds with credit notes) is migrated by today's migrations. Nothing paid, billed or recorded
 * may change; every document keeps what it printed; the shop opens on it and shows the documents.
 */
const ARCHIVE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/releases/0.1.0/shop-0.1.0.tar');
/** The archive's plain SQL dump (PGlite's pg_dump: PostgreSQL 18), without the one setting PostgreSQL 15 lacks. */
const DUMP = zlib
  .gunzipSync(execFileSync('tar', ['-xOf', ARCHIVE, 'database.sql.gz'], { maxBuffer: 64 * 1024 * 1024 }))
  .toString('utf8')
  .replace(/^SET transaction_timeout = 0;$/m, '')
  .concat('\nSET search_path = public;\n');

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Everything that must come through the upgrade unchanged, read with plain SQL as JSON (the same text from every driver). */
async function kept(query: Query) {
  const q = async (text: string) =>
    (await query(`select to_jsonb(x)::text as j from (${text}) x`)).map(
      (r) => JSON.parse(String(r.j)) as Record<string, unknown>,
    );
  return {
    orders:
      await q(`select id, order_number, user_id, user_name, status, payment_status, payment_method, payment_id, razorpay_order_id, paid_at, additional_cost, subtotal,
      discount_rate, discount_amount, total_cost, delivery_charge, total_amount, address, delivery_type, pickup_code, origin, ready_by, created_at from orders order by id`),
    invoices: await q('select * from invoices order by id'),
    refunds: await q('select * from refunds order by id'),
    payments: await q('select * from payments order by id'),
    history: await q('select * from order_status_events order by id'),
    files: await q('select id, storage_key, original_filename, source_filename, source_format from files order by id'),
  };
}

/** The documents before the upgrade (their names change for converted files: compared apart). */
async function documentsBefore(query: Query) {
  return (await query('select to_jsonb(x)::text as j from (select * from order_documents order by id) x')).map(
    (r) => JSON.parse(String(r.j)) as Record<string, unknown>,
  );
}

/** A release's database loaded from its dump, then opened (and so migrated) the way the shop opens it. */
type Before = Awaited<ReturnType<typeof kept>> & { documents: Array<Record<string, unknown>> };

async function upgradedDatabase(
  kind: 'pglite' | 'postgres',
  prepare: string,
): Promise<{ database: Database & { url?: string }; before: Before; removed: Array<Record<string, unknown>> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-upgrade-'));
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
    await client.exec(DUMP);
    const q: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    const documents = await documentsBefore(q);
    const removed = await q(prepare);
    const before = { ...(await kept(q)), documents };
    await client.close();
    const database = await openDatabase({ pgliteDir: dir });
    return {
      database: {
        ...database,
        close: async () => {
          await database.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      },
      before,
      removed,
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `shop_upgrade_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(DUMP);
  const q: Query = async (text) => (await client.query(text)).rows;
  const documents = await documentsBefore(q);
  const removed = await q(prepare);
  const before = { ...(await kept(q)), documents };
  await client.end();
  const database = await openDatabase({ url: url.toString() });
  return {
    database: {
      ...database,
      url: url.toString(),
      close: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    },
    before,
    removed,
  };
}

describe.each(DATABASES)('upgrading release 0.1.0 to one order model (%s)', (db) => {
  let app: TestApp;
  let before: Before;
  let removed: Array<Record<string, unknown>>;
  const rows = async (text: string) => {
    const r = (await app.ctx.db.execute(text as never)) as unknown as
      | { rows?: Array<Record<string, unknown>> }
      | Array<Record<string, unknown>>;
    return Array.isArray(r) ? r : (r.rows ?? []);
  };

  beforeAll(async () => {
    // An order left without document rows (as before 0012) must still come through: its one document is taken away here.
    const upgraded = await upgradedDatabase(
      db,
      `delete from order_documents where order_id = (select min(id) from orders) returning *`,
    );
    before = upgraded.before;
    removed = upgraded.removed;
    app = await createTestApp({ database: upgraded.database });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('changes nothing paid, billed or recorded', async () => {
    const { documents: _d, ...was } = before;
    const now = await kept(rows);
    // Later migrations add columns of their own (0024: an invoice's place of supply; 0026: a status change's note):
    // every column the release had keeps its value.
    const asReleased = (after: Array<Record<string, unknown>>, released: Array<Record<string, unknown>>) =>
      after.map((row, i) => Object.fromEntries(Object.keys(released[i] ?? row).map((k) => [k, row[k]])));
    expect(
      Object.fromEntries(
        Object.entries(now).map(([table, after]) => [table, asReleased(after, was[table as keyof typeof was])]),
      ),
    ).toEqual(was);
    expect(before.orders.length).toBe(10);
    expect(before.invoices.length).toBe(10);
    expect(before.refunds.length).toBe(2);
  });

  it('gives every order its documents, which add up to what was charged, and nothing about a document is left on the order', async () => {
    const sums =
      await rows(`select o.order_number, o.subtotal, count(d.id)::int as documents, sum(d.printing_cost + d.binding_cost)::int as documents_total
      from orders o join order_documents d on d.order_id = o.id group by o.id order by o.id`);
    expect(sums).toHaveLength(10);
    for (const s of sums) expect(s.documents_total, String(s.order_number)).toBe(s.subtotal);
    expect(sums.map((s) => s.documents)).toEqual([1, 4, 1, 1, 1, 1, 1, 1, 2, 1]);
    // Every other document is as it was, field for field (only the converted ones' names change, below).
    const documents = (
      await rows(
        `select to_jsonb(x)::text as j from (select * from order_documents where converted_from is null and order_id <> (select min(id) from orders) order by id) x`,
      )
    ).map((r) => JSON.parse(String(r.j)) as Record<string, unknown>);
    expect(documents.map(({ converted_from: _c, ...d }) => d)).toEqual(
      before.documents.filter(
        (d) => d.order_id !== before.orders[0]!.id && !['card.pdf', 'resume.pdf'].includes(String(d.original_filename)),
      ),
    );
    const columns = (
      await rows(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'orders'`,
      )
    ).map((c) => c.column_name);
    for (const gone of [
      'service_id',
      'service_name',
      'file_id',
      'file_path',
      'original_filename',
      'page_count',
      'copies',
      'sides',
      'printing_type',
      'printing_cost',
      'binding_cost',
    ])
      expect(columns).not.toContain(gone);
    expect(columns).toContain('document_names');
  });

  it('rebuilds the one document of an order that had no document row from its own columns', async () => {
    const [doc] = await rows(`select * from order_documents where order_id = (select min(id) from orders)`);
    const { id: _old, ...was } = removed[0]!;
    const { id: _new, converted_from: convertedFrom, ...now } = doc!;
    expect(now).toEqual(was);
    expect(convertedFrom).toBeNull();
  });

  it('keeps the names customers picked: the photo and the Word file are not photo.pdf and resume.pdf', async () => {
    const docs = await rows(
      `select original_filename, converted_from, file_path from order_documents where converted_from is not null order by id`,
    );
    expect(docs.map((d) => [d.original_filename, d.converted_from])).toEqual([
      ['card.png', 'png'],
      ['resume.docx', 'docx'],
    ]);
    // The print copy is still the PDF made of it.
    for (const d of docs) expect(String(d.file_path)).toMatch(/\.pdf$/);
  });

  it('opens the shop on it: lists find an order by any document’s name and show every document', async () => {
    const admin = await signInAdmin(app);
    const found = await app.inject({ method: 'GET', url: '/api/admin/orders?search=resume', headers: admin.headers });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toHaveLength(1);
    const order = found.json()[0];
    expect(order.documents.map((d: { original_filename: string }) => d.original_filename)).toEqual([
      'report-a4-26p.pdf',
      'association-report.pdf',
      'card.png',
      'resume.docx',
    ]);
    expect(order.documents.map((d: { colour_mode: string }) => d.colour_mode)).toEqual(['all', 'mixed', 'all', 'all']);
    expect(order.total_amount).toBe(
      Number(before.orders.find((o) => o.order_number === order.order_number)!.total_amount) / 100,
    );
    const staff = await createStaff(app);
    // A walk-in's paper original is found by its label, as any file by its name.
    const counter = await app.inject({
      method: 'GET',
      url: '/api/staff/orders?search=Land%20record',
      headers: staff.headers,
    });
    expect(counter.json().map((o: { customer_name: string }) => o.customer_name)).toEqual(['Suresh (walk-in)']);
  });

  it('reads the release’s refunds back as they were, none of them owed at the counter (0029 adds the hand-back)', async () => {
    const admin = await signInAdmin(app);
    const upgraded = await rows(
      'select id, status, handed_back_at, handed_back_method, handed_back_by from refunds order by id',
    );
    expect(upgraded.map((r) => [r.id, r.status])).toEqual(before.refunds.map((r) => [r.id, r.status]));
    for (const r of upgraded)
      expect([r.handed_back_at, r.handed_back_method, r.handed_back_by]).toEqual([null, null, null]);
    for (const orderId of new Set(before.refunds.map((r) => Number(r.order_id)))) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const made = before.refunds.filter((r) => Number(r.order_id) === orderId);
      expect(res.json().refunded).toBe(made.reduce((sum, r) => sum + Number(r.amount), 0) / 100);
      for (const r of res.json().refunds) expect(r).not.toHaveProperty('handed_back_at');
    }
    const listed = (
      await app.inject({ method: 'GET', url: '/api/admin/orders?limit=50', headers: admin.headers })
    ).json();
    expect(listed.filter((o: { refunded_amount?: number }) => o.refunded_amount).length).toBeGreaterThan(0);
    expect(listed.filter((o: { owed_back_amount?: number }) => o.owed_back_amount)).toEqual([]);
  });
});
