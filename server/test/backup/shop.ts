import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import type { Database } from '../../src/db/client.ts';
import { EXCLUDED_TABLE_DATA } from '../../src/modules/backup/database-dump.ts';
import type { Storage } from '../../src/modules/storage/storage.ts';
import { captureLogLine, recordConfigSecrets, recordSecret } from '../helpers/log-capture.ts';
import { fixturePdf } from '../helpers/pdf-fixtures.ts';
import { multipartBody } from '../pdf/multipart.ts';
import { adminRefund, draftDocuments, payDraft } from '../payments/flow.ts';
import type { TestApp } from '../helpers/app.ts';
import { SHOP_GSTIN } from '../helpers/gst.ts';

/** A shop as `npm start` runs it (its own database opened from its settings), for the backup, restore and upgrade tests. */

export const RELEASES_DIR = path.resolve(import.meta.dirname, '../fixtures/releases');

export interface ReleaseFixture {
  release: string;
  dir: string;
  archive: string;
  officeFormats: boolean;
  accounts: {
    admin: { email: string; password: string };
    customers: Array<{ name: string; email: string; password: string }>;
    staff: { mobile: string; password: string };
  };
  orders: Array<{ orderNumber: string; kind: string; customer: string }>;
  counts: { orders: number; invoices: number; files: number };
}

/** Every release's archive kept in the fixtures, oldest first. */
export function releaseFixtures(): ReleaseFixture[] {
  return fs
    .readdirSync(RELEASES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const dir = path.join(RELEASES_DIR, d.name);
      const meta = JSON.parse(fs.readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Omit<
        ReleaseFixture,
        'dir' | 'archive'
      >;
      return { ...meta, dir, archive: path.join(dir, `shop-${meta.release}.tar`) };
    })
    .sort((a, b) => a.release.localeCompare(b.release, 'en', { numeric: true }));
}

export function tempDir(prefix = 'shop-backup-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A new PostgreSQL database next to TEST_DATABASE_URL with nothing in it (not migrated). */
export async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `shop_restore_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

export type Shop = TestApp & { config: Config };

/** The shop's settings for these tests; `env` adds DATA_DIR, DATABASE_URL, S3_* … */
export function shopConfig(env: Record<string, string>): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://shop.test',
    PAYMENTS_PROVIDER: 'sandbox',
    LOG_LEVEL: 'info',
    RATE_LIMIT_SCALE: '1000',
    RECONCILE_INTERVAL_SECONDS: '0',
    CLEANUP_INTERVAL_MINUTES: '0',
    BACKUP_HOUR: 'off',
    GST_STATUS: 'regular',
    GST_GSTIN: SHOP_GSTIN,
    ...env,
  });
}

/** Starts the shop on its settings as server.ts does (opening its own database applies the migrations). */
export async function startShop(env: Record<string, string>, source = 'server/test/backup'): Promise<Shop> {
  const config = shopConfig(env);
  recordConfigSecrets(config as unknown as Record<string, unknown>);
  const app = await buildApp({
    config,
    serveWeb: false,
    logStream: { write: (line: string) => captureLogLine(source, line) },
  });
  await app.ready();
  return Object.assign(app, { config });
}

// ---------------------------------------------------------------------------------------------------------------
// Through HTTP, as people use the shop

export async function signIn(app: TestApp, email: string, password: string): Promise<{ authorization: string }> {
  recordSecret('password', password);
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email}: ${res.statusCode} ${res.body}`);
  recordSecret('session token', res.json().token);
  return { authorization: `Bearer ${res.json().token}` };
}

export async function staffSignIn(app: TestApp, mobile: string, password: string): Promise<{ authorization: string }> {
  recordSecret('password', password);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/staff/login',
    payload: { mobile_number: mobile, password },
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in: ${res.statusCode} ${res.body}`);
  recordSecret('session token', res.json().token);
  return { authorization: `Bearer ${res.json().token}` };
}

// eslint-disable-next-line typescript/no-explicit-any -- each caller reads the answer's own fields
async function ok(res: { statusCode: number; body: string; json(): any }, what: string, status = [200, 201]) {
  if (!status.includes(res.statusCode)) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

/** Upload a PDF, price it, pay in the sandbox: the wizard's steps. Answers { orderNumber, orderId, amount (paise) }. */
export async function placePaidOrder(
  app: TestApp,
  headers: { authorization: string },
  fixture = 'letter-a4-4p.pdf',
  copies = 2,
) {
  const body = await multipartBody(fs.readFileSync(fixturePdf(fixture)), fixture);
  const up = await ok(
    await app.inject({
      method: 'POST',
      url: '/api/pdf/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    }),
    'upload',
  );
  const services = (await ok(await app.inject({ method: 'GET', url: '/api/services' }), 'services')) as Array<
    Record<string, unknown>
  >;
  const s = services.find((x) => x.printing_type === 'color' && x.paper_size === 'a4') ?? services[0]!;
  const options = {
    serviceId: s.id,
    printingType: s.printing_type,
    paperSize: s.paper_size,
    paperType: s.paper_type,
    sides: 'single',
    orientation: 'portrait',
    copies,
  };
  const draft = await draftDocuments(app, { headers }, [{ fileId: up.file.id, options }], { deliveryType: 'pickup' });
  const paid = await payDraft(app, { headers }, draft);
  return { orderNumber: paid.orderNumber, orderId: paid.orderId, amount: draft.amount };
}

export async function refund(app: TestApp, adminHeaders: { authorization: string }, orderId: number, rupees: number) {
  return ok(
    await adminRefund(app, { headers: adminHeaders }, orderId, {
      amount: rupees,
      reason: 'Part of the order was not needed',
    }),
    'refund',
  );
}

// ---------------------------------------------------------------------------------------------------------------
// What a shop holds, to compare before and after

async function rowsOf(database: Pick<Database, 'db'>, q: string): Promise<Array<Record<string, unknown>>> {
  return ((await database.db.execute(sql.raw(q))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** Every row of every table (but the sign-in tables a backup leaves out), as sorted JSON per table; and the migrations. */
export async function snapshotDatabase(database: Pick<Database, 'db'>): Promise<Record<string, string[]>> {
  const tables = (
    await rowsOf(
      database,
      `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  )
    .map((r) => String(r.t))
    .filter((t) => !(EXCLUDED_TABLE_DATA as readonly string[]).includes(t));
  const out: Record<string, string[]> = {};
  for (const t of tables)
    out[t] = (await rowsOf(database, `select row_to_json(x)::text as j from public."${t}" x`))
      .map((r) => String(r.j))
      .sort();
  out['drizzle.__drizzle_migrations'] = (
    await rowsOf(database, `select hash, created_at::text as c from drizzle.__drizzle_migrations`)
  )
    .map((r) => `${r.hash} ${r.c}`)
    .sort();
  return out;
}

export async function fileHashes(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const o of await storage.list('', Number.MAX_SAFE_INTEGER)) {
    const got = await storage.get(o.key);
    const hash = crypto.createHash('sha256');
    for await (const c of got!.stream) hash.update(c as Buffer);
    out[o.key] = hash.digest('hex');
  }
  return out;
}

/** Money and documents the owner checks first: paid totals, refunds, GST documents' serials. */
export async function moneyFacts(database: Pick<Database, 'db'>) {
  const [paid] = await rowsOf(
    database,
    `select count(*)::int as n, coalesce(sum(total_amount), 0)::bigint::text as paise from orders where payment_status = 'completed'`,
  );
  const [refunded] = await rowsOf(
    database,
    `select count(*)::int as n, coalesce(sum(amount), 0)::bigint::text as paise from refunds where status = 'processed'`,
  );
  const serials = (await rowsOf(database, `select kind, serial from invoices order by kind, serial`)).map(
    (r) => `${r.kind} ${r.serial}`,
  );
  return { paid, refunded, serials };
}
