/**
 * npm run bench:scale: the back-office and customer order lists with 100,000 orders in the database.
 * Seeds BENCH_ORDERS (default 100,000) orders into a fresh PGlite, and into a fresh PostgreSQL database when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, then times each list query the screens make, uncached
 * (the repository functions the routes call), median of 15 runs after 3 warm-ups, and shows the plan of the
 * slowest. Prints a Markdown table; writes bench/scale-results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/src/config/env.ts';
import { openDatabase, type Database } from '../server/src/db/client.ts';
import { seedDatabase } from '../server/src/seed.ts';
import { backOfficeQuerySchema } from '@shop/shared/orders/back-office-routes';
import { backOfficeStats, listBackOfficeOrders } from '../server/src/modules/orders/back-office.repository.ts';
import { listUserOrders, summariseUserOrders } from '../server/src/modules/orders/orders.repository.ts';
import { buildApp } from '../server/src/app.ts';
import { insertBulkOrders } from '../server/test/factories/bulk-orders.ts';
import { openScratchPostgres } from '../server/test/helpers/scratch-postgres.ts';
import { median, ROOT } from './support.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = 15;

async function openFresh(kind: 'pglite' | 'postgres'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scale-'));
    const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    return {
      database,
      drop: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await openScratchPostgres(
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!,
    'shop_scale',
  );
  return { database, drop: () => database.close() };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return median(xs);
}

async function measure(kind: 'pglite' | 'postgres') {
  const { database, drop } = await openFresh(kind);
  const { db } = database;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
  await seedDatabase({ db, config, log: { info() {}, warn() {}, error() {} } as never });
  let t = performance.now();
  await insertBulkOrders(db, ORDERS);
  const seedS = ((performance.now() - t) / 1000).toFixed(1);
  const n = (
    (await db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: Array<{ n: number }> }
  ).rows[0]!.n;
  const sample = (
    (await db.execute(
      sql`select order_number as sample from orders order by id desc limit 1 offset 5000`,
    )) as unknown as { rows: Array<{ sample: string }> }
  ).rows[0]!.sample;

  const staff = (q: Record<string, string>) => () => listBackOfficeOrders(db, backOfficeQuerySchema.parse(q), 'staff');
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['Staff queue, first page of 50 (all statuses)', staff({ limit: '50' })],
    ['Staff queue, new orders (unvisited + visited)', staff({ status: 'new', limit: '50' })],
    ['Staff queue, processing, pickup only', staff({ status: 'processing', deliveryType: 'pickup', limit: '50' })],
    ['Staff queue, page 200 (offset 9,950)', staff({ limit: '50', offset: '9950' })],
    ['Search by order number', staff({ search: sample, limit: '50' })],
    ['Search by customer name ("lakshmi")', staff({ search: 'lakshmi', limit: '50' })],
    ['Search by file name ("thesis-4")', staff({ search: 'thesis-4', limit: '50' })],
    ['Search with no match', staff({ search: 'zzzz-nothing', limit: '50' })],
    ['Admin dashboard counts', () => backOfficeStats(db)],
    [
      `One customer's history page (${Math.round(ORDERS / 200)} orders)`,
      () => listUserOrders(db, 2, { limit: 20, offset: 0 } as never),
    ],
    ["One customer's history counters", () => summariseUserOrders(db, 2, { limit: 20, offset: 0 } as never)],
  ];
  // The same through the API a clerk's screen calls (routing, session, query, JSON), the page cache emptied first.
  const app = await buildApp({ config, database, serveWeb: false, seed: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/staff/login',
    payload: { mobile_number: '9000000001', password: 'Counter@123' },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const api = (url: string) => async () => {
    app.ctx.orderPages.clear();
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  };
  cases.push(
    ['GET /api/staff/orders?limit=50 (whole request, uncached)', api('/api/staff/orders?limit=50')],
    [
      'GET /api/staff/orders?search=… (whole request, uncached)',
      api(`/api/staff/orders?search=${encodeURIComponent(sample.slice(-5))}&limit=50`),
    ],
  );
  const rows: Array<[string, number]> = [];
  for (const [name, fn] of cases) {
    rows.push([name, await time(fn)]);
    console.log(`[scale] ${kind}: ${name}: ${rows.at(-1)![1].toFixed(1)} ms`);
  }
  await app.close();
  await drop();
  return { kind, n, seedS, rows };
}

async function main() {
  const kinds: Array<'pglite' | 'postgres'> = ['pglite'];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
  const results: Array<Awaited<ReturnType<typeof measure>>> = [];
  for (const k of kinds) results.push(await measure(k));
  const cpu = os.cpus();
  const md = [
    '# Order lists at scale',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}. ` +
      `Each figure: the list query the screen makes (page and total), uncached, median of ${RUNS} after 3 warm-ups.`,
    '',
    `| Query | ${results.map((r) => `${r.kind} (${r.n.toLocaleString('en-IN')} orders)`).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
    ...results[0]!.rows.map(
      ([name], i) => `| ${name} | ${results.map((r) => `${r.rows[i]![1].toFixed(1)} ms`).join(' | ')} |`,
    ),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(ROOT, 'bench/scale-results.md'), md);
  console.log(md);
}

main().catch((err) => {
  console.error('[scale] failed:', err);
  process.exitCode = 2;
});
