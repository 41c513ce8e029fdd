/**
 * npm run bench: the shop's speed, memory and bundle figures, measured against yardsticks in the same run.
 * Starts the real shop on a fresh data folder with 10,000 orders, writes bench/results.md, exits non-zero
 * when a target is missed. Durations: BENCH_DURATION (s, default 10), BENCH_RUNS (default 3).
 * Some rows only: `npm run bench -- --only=memory,bundle,pdf,lighthouse` (the groups are GROUPS below): the table is
 * printed, bench/results.md (the full run's) is left alone, and the exit code judges those rows.
 */
import { benchColour } from './colour.ts';
import { benchOrderQuote } from './quote.ts';
import { benchWizard } from './wizard.ts';
import { benchDocx } from './docx.ts';
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../server/src/config/env.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { seedDatabase } from '../server/src/seed.ts';
import { insertBulkOrders } from '../server/test/factories/bulk-orders.ts';
import { benchBackup } from './backup.ts';
import { findPdfCorpus } from '../scripts/pdf-corpus.ts';
import { makeBigPdf } from '../scripts/test-pdfs/big-pdf.ts';
import { serveCommand } from '../scripts/serve-command.ts';
import { measureHostilePdfs } from './hostile-pdfs.ts';
import { measureHostileImages, measureHostileOffice } from './hostile-uploads.ts';
import { firstPageScripts, languageBundleRows } from './i18n.ts';
import { lighthouseLanguageRows, lighthousePerformanceRow } from './lighthouse.ts';
import { benchPrint } from './print.ts';
import { benchTrackingLive } from './tracking-live.ts';
import { benchDayReport, insertReportDay } from './reports.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = findPdfCorpus();
const FIXTURES = path.join(ROOT, 'server/test/fixtures/pdfs');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const IDLE_WAIT_MS = 30_000;
const children: ChildProcess[] = [];

/** The rows by group, for `--only=a,b`. */
const GROUPS = {
  memory: 'idle RSS, and the peak while 10 customers upload',
  hostile: 'hostile PDFs, photos and office files',
  load: 'requests/s and p99 against bare Fastify',
  pdf: 'reading the 3,097-page file against pdfinfo',
  quote: "a 10-document order's quote",
  wizard: 'file picked to price on a phone',
  bundle: "the first page's JavaScript",
  live: 'paid order to the staff stream, status change to the tracking page',
  print: 'Print to CUPS',
  reports: 'day report',
  lighthouse: 'Lighthouse performance, accessibility, best practices, SEO',
  colour: 'colour pages against inkcov',
  docx: 'DOCX conversion against soffice',
  backup: 'backup of 10,000 orders',
} as const;
type Group = keyof typeof GROUPS;
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const ONLY = onlyArg === undefined ? null : new Set(onlyArg.split(',').filter(Boolean));
const unknownGroups = [...(ONLY ?? [])].filter((g) => !(g in GROUPS));
if (unknownGroups.length || ONLY?.size === 0) {
  console.error(`[bench] unknown group(s): ${unknownGroups.join(', ') || '(none given)'}; the groups:`);
  for (const [g, what] of Object.entries(GROUPS)) console.error(`  ${g}: ${what}`);
  process.exit(2);
}
const want = (g: Group) => !ONLY || ONLY.has(g);
/** Groups measured on the running shop (the others measure files and tools). */
const SHOP_GROUPS: Group[] = [
  'memory',
  'hostile',
  'load',
  'quote',
  'wizard',
  'bundle',
  'live',
  'print',
  'reports',
  'lighthouse',
];

interface Row {
  measure: string;
  result: string;
  target: string;
  pass: boolean | null;
}
const rows: Row[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const log = (...a: unknown[]) => console.log('[bench]', ...a);

function freePort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

async function waitFor(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * A large PDF of `pages` pages and about `bytes` bytes: real manuals from the shared corpus joined by qpdf when the
 * corpus is there (as the rows measured so far), else the repository's generator with the same page count and size.
 */
function largePdf(file: string, corpusParts: string[], pages: number, bytes: number): string {
  if (CORPUS) {
    ensureTool('qpdf', 'qpdf');
    execFileSync('qpdf', ['--object-streams=generate', '--empty', '--pages', ...corpusParts, '--', file], {
      cwd: CORPUS,
    });
    return 'corpus manuals';
  }
  fs.writeFileSync(file, makeBigPdf({ pages, bytes }));
  return 'generated';
}

function ensureTool(bin: string, pkg: string) {
  try {
    execFileSync('which', [bin], { stdio: 'ignore' });
  } catch {
    if (process.getuid?.() === 0)
      execFileSync('bash', ['-c', `apt-get update -qq >/dev/null && apt-get install -y -qq ${pkg} >/dev/null`], {
        stdio: 'inherit',
      });
  }
}

async function seed(dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const silent = { info() {}, warn() {}, error() {} } as never;
  await seedDatabase({ db: database.db, config, log: silent });
  await insertBulkOrders(database.db, ORDERS);
  await insertReportDay(database.db);
  await database.close();
}

const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
interface Load {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

async function cannon(url: string, load: Load): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: url + load.path,
    method: load.method,
    headers: load.headers,
    body: load.body,
    connections: 100,
    duration: DURATION,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

interface Shop {
  base: string;
  server: ChildProcess;
  /** The server's resident memory now, MB. */
  rss: () => number;
  /** Bearer tokens of the seeded customers bench1…bench10. */
  tokens: string[];
  staffH: Record<string, string>;
  custH: Record<string, string>;
}

/**
 * The shop as `npm start` runs it: the production build on a fresh data folder with ORDERS orders, started by the
 * `serve` script's command line; ten customers and a counter clerk signed in.
 */
async function startShop(dataDir: string, serve: ReturnType<typeof serveCommand>): Promise<Shop> {
  log('seeding', ORDERS, 'orders into', dataDir);
  await seed(dataDir);
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  log('building the shop (npm run build)');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const server = spawn(process.execPath, serve.args, {
    cwd: ROOT,
    // RATE_LIMIT_SCALE: the loads below are one customer at tens of thousands of quotes a second; the rate limiter
    // still runs on every request (its cost is in the figures) but lets them through.
    // API_CHECK_ANSWERS=false: answers as production sends them, unchecked (NODE_ENV=test would check each one).
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      RECONCILE_INTERVAL_SECONDS: '0',
      RATE_LIMIT_SCALE: '100000',
      API_CHECK_ANSWERS: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  await waitFor(`${base}/api/health`);
  log('shop up on', base);
  const signIn = async (url: string, body: object) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sign-in at ${url}: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  };
  const tokens: string[] = [];
  for (let i = 1; i <= 10; i++)
    tokens.push(await signIn('/api/auth/login', { email: `bench${i}@example.com`, password: 'Customer@123' }));
  const staff = await signIn('/api/auth/staff/login', { mobile_number: '9000000001', password: 'Counter@123' });
  const customer = await signIn('/api/auth/login', { email: 'bench1@example.com', password: 'Customer@123' });
  return {
    base,
    server,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    tokens,
    staffH: { authorization: `Bearer ${staff}` },
    custH: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
  };
}

/**
 * The server's memory: idle once started (ten customers and a clerk signed in, nothing else asked), then its peak while
 * 10 customers upload ~10 MB PDFs at once. First, on the freshly started shop: after the load tests below V8 keeps
 * some heap it may use again, which says nothing about either (the RSS after them is reported too).
 */
async function memoryRows({ base, rss, tokens }: Shop, dataDir: string): Promise<Row[]> {
  const upload = path.join(dataDir, 'upload.pdf');
  const uploadSource = largePdf(
    upload,
    ['r-refman-pdftex.pdf', 'valgrind-manual.pdf', 'gri.pdf', 'amc-ja.pdf', 'zlib-crc-doc.pdf'],
    3204,
    9_399_329,
  );
  const uploadBytes = fs.readFileSync(upload);
  // Before the uploads, right after the sign-ins (as earlier runs reported it), then idle: a shop waiting for its next
  // customer, 30 s without a request (V8 and malloc give back what the start and the sign-ins' scrypt used), the
  // median of 5 samples a second apart.
  const before = rss();
  await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
  const idleSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    idleSamples.push(rss());
  }
  const idle = median(idleSamples);
  let peak = rss();
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25);
  const results = await Promise.all(
    tokens.map(async (t) => {
      const fd = new FormData();
      fd.append('file', new Blob([uploadBytes], { type: 'application/pdf' }), 'big-notes.pdf');
      const r = await fetch(`${base}/api/pdf/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t}` },
        body: fd,
      });
      return r.status;
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  return [
    {
      measure: `Server idle RSS, fresh shop (started, 11 people signed in, then ${IDLE_WAIT_MS / 1000} s without a request; median of 5 samples)`,
      result: `${idle.toFixed(0)} MB`,
      target: '≤ 150 MB',
      pass: idle <= 150,
    },
    {
      measure: `Server peak RSS, 10 simultaneous ${(uploadBytes.length / 1e6).toFixed(1)} MB uploads (${uploadSource}, ${results.filter((s) => s === 201).length}/10 accepted), fresh shop`,
      result: `${peak.toFixed(0)} MB (right after the sign-ins: ${before.toFixed(0)} MB)`,
      target: '≤ 300 MB',
      pass: peak <= 300 && results.every((s) => s === 201),
    },
  ];
}

/** Requests/s and p99 of three routes at 100 connections, each against a bare Fastify route serving the same bytes. */
async function loadRows({ base, rss, staffH, custH }: Shop): Promise<Row[]> {
  const rows: Row[] = [];
  const costBody = JSON.stringify({
    pdfInfo: { pageCount: 42 },
    options: {
      serviceId: 1,
      printingType: 'color',
      paperSize: 'a4',
      paperType: 'white_75gsm',
      sides: 'double',
      orientation: 'portrait',
      copies: 3,
      spiralBinding: true,
    },
  });
  const loads: Load[] = [
    { name: 'GET /api/services', method: 'GET', path: '/api/services', headers: {} },
    { name: 'GET /api/staff/orders (page of 50)', method: 'GET', path: '/api/staff/orders?limit=50', headers: staffH },
    {
      name: 'POST /api/pdf/calculate-cost',
      method: 'POST',
      path: '/api/pdf/calculate-cost',
      headers: custH,
      body: costBody,
    },
  ];

  // The yardstick serves the very same bytes.
  const captured = [];
  for (const l of loads) {
    const res = await fetch(base + l.path, { method: l.method, headers: l.headers, body: l.body });
    const buf = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${l.name}: ${res.status} ${buf.toString().slice(0, 200)}`);
    // The same bytes: body and headers (security headers included), less what the HTTP layer writes itself.
    const headers = Object.fromEntries([...res.headers].filter(([k]) => !HOP_HEADERS.has(k)));
    captured.push({ method: l.method, url: l.path, headers, body: buf.toString('base64') });
  }
  const routesFile = path.join(os.tmpdir(), `shop-bench-bare-routes-${process.pid}.json`);
  fs.writeFileSync(routesFile, JSON.stringify(captured));
  const barePort = freePort();
  const bare = fork(path.join(ROOT, 'bench/bare-server.ts'), [routesFile, String(barePort)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  children.push(bare);
  await new Promise<void>((resolve) => bare.once('message', () => resolve()));

  for (const l of loads) {
    const shop: Array<{ rps: number; p99: number; errors: number }> = [];
    const yard: Array<{ rps: number; p99: number }> = [];
    for (let i = 0; i < RUNS; i++) {
      shop.push(await cannon(base, l));
      yard.push(await cannon(`http://127.0.0.1:${barePort}`, l));
    }
    const rps = median(shop.map((s) => s.rps));
    const p99 = median(shop.map((s) => s.p99));
    const yrps = median(yard.map((s) => s.rps));
    const ratio = rps / yrps;
    const errors = shop.reduce((a, s) => a + s.errors, 0);
    log(l.name, { rps, p99, yardstick: yrps, ratio: ratio.toFixed(2), errors });
    rows.push({
      measure: `${l.name}: req/s vs bare Fastify`,
      result: `${Math.round(rps)} vs ${Math.round(yrps)} (${ratio.toFixed(2)}×)${errors ? `, ${errors} errors` : ''}`,
      target: '≥ 0.5×',
      pass: ratio >= 0.5 && errors === 0,
    });
    rows.push({
      measure: `${l.name}: p99 latency at 100 connections`,
      result: `${p99} ms`,
      target: '≤ 50 ms',
      pass: p99 <= 50,
    });
  }
  bare.kill();
  fs.rmSync(routesFile, { force: true });
  rows.push({
    measure: 'Server RSS after these load tests (for information)',
    result: `${rss().toFixed(0)} MB`,
    target: '–',
    pass: null,
  });
  return rows;
}

/**
 * Our PDF reader (pdf-read.ts, in its own process with the server's V8 flags) against poppler's pdfinfo, 5 runs each.
 * Judged on CPU time (user + system, pdfinfo's from bash's `times`), which a busy machine barely changes; the wall
 * times are shown beside it (on an idle machine the two agree).
 */
function pdfReadRow(big: { file: string; source: string }, v8Flags: string[]): Row {
  ensureTool('pdfinfo', 'poppler-utils');
  const bytes = fs.statSync(big.file);
  // File read from disk included, as pdfinfo does.
  const read = JSON.parse(
    execFileSync(
      process.execPath,
      [...v8Flags, '--import', 'tsx', path.join(ROOT, 'bench/pdf-read.ts'), big.file, '5'],
      { cwd: ROOT, encoding: 'utf8' },
    ),
  ) as { pages: number; ms: number[]; cpuMs: number[] };
  const pages = read.pages;
  // pdfinfo in a shell that then prints its children's CPU time: "0m0.412s 0m0.031s" on its second line.
  const pdfinfo = () => {
    const t = performance.now();
    const out = execFileSync('bash', ['-c', 'pdfinfo -f 1 -l 99999 "$1" >/dev/null 2>&1; times', 'bench', big.file], {
      encoding: 'utf8',
    });
    const wall = performance.now() - t;
    const seconds = [...(out.trim().split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map(
      (m) => Number(m[1]) * 60 + Number(m[2]),
    );
    return { wall, cpu: (seconds[0]! + seconds[1]!) * 1000 };
  };
  pdfinfo();
  const theirs = Array.from({ length: 5 }, pdfinfo);
  const cpuRatio = median(read.cpuMs) / median(theirs.map((r) => r.cpu));
  const wallRatio = median(read.ms) / median(theirs.map((r) => r.wall));
  return {
    measure: `Read ${pages} pages (${(bytes.size / 1e6).toFixed(1)} MB, ${big.source}): count and every page size, median of 5`,
    result: `CPU ${median(read.cpuMs).toFixed(0)} ms vs pdfinfo ${median(theirs.map((r) => r.cpu)).toFixed(0)} ms (${cpuRatio.toFixed(2)}×); wall ${median(read.ms).toFixed(0)} vs ${median(theirs.map((r) => r.wall)).toFixed(0)} ms (${wallRatio.toFixed(2)}×)`,
    target: '≤ 1× (CPU)',
    pass: cpuRatio <= 1 && pages === 3097,
  };
}

/**
 * The customer's first page: JS it loads (gzip) with English built in and no Telugu catalogue (bench/i18n.ts), and
 * no back-office code in it.
 */
async function bundleRows({ base }: Shop): Promise<Row[]> {
  const dist = path.join(ROOT, 'web/dist');
  const html = await (await fetch(`${base}/`)).text();
  const rows = languageBundleRows(dist, html);
  const backOffice = firstPageScripts(dist, html).flatMap((f) =>
    ['Staff Management', 'Admin File Manager', 'Deactivate All', 'Enable sound', 'Add print agent'].filter((t) =>
      f.code.includes(t),
    ),
  );
  rows.push({
    measure: 'Back-office code in the first page',
    result: backOffice.length ? `found: ${backOffice.join(', ')}` : 'none',
    target: 'none',
    pass: backOffice.length === 0,
  });
  return rows;
}

/** Time from a paid order to its appearance on an open staff screen (the push). */
async function paidToStaffRow({ base, tokens, staffH }: Shop): Promise<Row> {
  const latencies: number[] = [];
  const ac = new AbortController();
  const stream = await fetch(`${base}/api/events`, { headers: staffH, signal: ac.signal });
  const reader = stream.body!.getReader();
  let buffer = '';
  const waiters: Array<(n: string) => void> = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += new TextDecoder().decode(value);
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (chunk.includes('event: order.paid')) waiters.shift()?.(chunk);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  const small = fs.readFileSync(path.join(FIXTURES, 'report-a4-26p.pdf'));
  for (let i = 0; i < 5; i++) {
    const h = { authorization: `Bearer ${tokens[i]}` };
    const fd = new FormData();
    fd.append('file', new Blob([small], { type: 'application/pdf' }), 'doc.pdf');
    const up = (await (await fetch(`${base}/api/pdf/upload`, { method: 'POST', headers: h, body: fd })).json()) as {
      file: { id: string };
    };
    const options = {
      serviceId: 1,
      printingType: 'color',
      paperSize: 'a4',
      paperType: 'white_75gsm',
      sides: 'single',
      orientation: 'portrait',
      copies: 1,
    };
    const cost = (await (
      await fetch(`${base}/api/pdf/calculate-cost`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify({ fileId: up.file.id, pdfInfo: { pageCount: 1 }, options }),
      })
    ).json()) as { totalCost: number };
    const order = (await (
      await fetch(`${base}/api/razorpay/create-order`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: Math.round(cost.totalCost * 100),
          currency: 'INR',
          fileId: up.file.id,
          options,
          deliveryType: 'pickup',
          deliveryDetails: { mobileNumber: '9876543210' },
        }),
      })
    ).json()) as { id: string };
    const signed = await (
      await fetch(`${base}/api/payments/sandbox/complete`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify({ razorpay_order_id: order.id, outcome: 'success' }),
      })
    ).json();
    const arrived = new Promise<number>((resolve) => waiters.push(() => resolve(performance.now())));
    const t0 = performance.now();
    const verified = await fetch(`${base}/api/razorpay/verify-payment`, {
      method: 'POST',
      headers: { ...h, 'content-type': 'application/json' },
      body: JSON.stringify(signed),
    });
    if (!verified.ok) throw new Error(`verify failed: ${verified.status}`);
    const t1 = await Promise.race([
      arrived,
      new Promise<number>((r) => setTimeout(() => r(Number.POSITIVE_INFINITY), 5000)),
    ]);
    latencies.push(t1 - t0);
  }
  ac.abort();
  const push = median(latencies);
  return {
    measure: 'Paid order → event on an open staff screen (SSE), median of 5',
    result: Number.isFinite(push) ? `${push.toFixed(1)} ms` : 'no event within 5 s',
    target: '≤ 1000 ms',
    pass: push <= 1000,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const serve = serveCommand();
  const v8Flags = serve.args.filter((a) => a.startsWith('--'));
  if (ONLY) log('only:', [...ONLY].join(', '));
  // The 3,097-page file of the PDF reading and colour rows, made when first needed.
  let bigFile: { file: string; source: string } | undefined;
  const big = () =>
    (bigFile ??= {
      file: path.join(dataDir, 'big.pdf'),
      source: largePdf(
        path.join(dataDir, 'big.pdf'),
        ['r-refman-pdftex.pdf', 'valgrind-manual.pdf', 'gri.pdf'],
        3097,
        7_911_224,
      ),
    });
  const shop = SHOP_GROUPS.some(want) ? await startShop(dataDir, serve) : null;

  if (shop && want('memory')) rows.push(...(await memoryRows(shop, dataDir)));
  if (shop && want('hostile')) {
    const { base, tokens, rss, server } = shop;
    // One customer's hostile files against another customer's small upload (decision 010).
    log('hostile PDFs');
    rows.push(...(await measureHostilePdfs(base, tokens[0]!, tokens[1]!, rss)));
    // Image and office bombs against another customer's photo and Word file (decision 031).
    log('hostile photos and office files');
    rows.push(...(await measureHostileImages(base, tokens[5]!, tokens[6]!, rss)));
    rows.push(...(await measureHostileOffice(base, tokens[7]!, tokens[6]!, server.pid!)));
  }
  if (shop && want('load')) rows.push(...(await loadRows(shop)));
  // PDF reading against poppler's pdfinfo on a 3000+ page file.
  if (want('pdf')) rows.push(pdfReadRow(big(), v8Flags));
  // A 10-document order's quote (bench/quote.ts), with a small real PDF as each document.
  if (shop && want('quote'))
    rows.push(
      await benchOrderQuote(
        shop.base,
        shop.tokens[8]!,
        fs.readFileSync(path.join(ROOT, 'server/test/fixtures/pdfs/notes-a4-38p.pdf')),
      ),
    );
  if (shop && want('wizard'))
    rows.push(...(await benchWizard(shop.base, { email: 'bench11@example.com', password: 'Customer@123' })));
  if (shop && want('bundle')) rows.push(...(await bundleRows(shop)));
  if (shop && want('live')) {
    rows.push(await paidToStaffRow(shop));
    // A status change → shown on a customer's open tracking page, in Chromium (bench/tracking-live.ts).
    rows.push(
      await benchTrackingLive({
        base: shop.base,
        staff: shop.staffH,
        customer: { email: 'bench2@example.com', password: 'Customer@123' },
      }),
    );
  }
  if (shop && (want('print') || want('reports'))) {
    const adminLogin = (await (
      await fetch(`${shop.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@printshop.local', password: 'Admin@12345' }),
      })
    ).json()) as { token: string };
    const admin = { authorization: `Bearer ${adminLogin.token}` };
    // Printing (bench/print.ts): Print pressed → the job accepted by CUPS, through the print agent.
    if (want('print'))
      rows.push(
        await benchPrint({
          base: shop.base,
          customer: { authorization: `Bearer ${shop.tokens[9]}` },
          staff: shop.staffH,
          admin,
        }),
      );
    // The admin's day report (bench/reports.ts) for a day of 2,000 orders.
    if (want('reports')) rows.push(await benchDayReport(shop.base, admin));
  }
  if (shop && want('lighthouse')) {
    // Lighthouse (bench/lighthouse.ts) in Debian's Chromium, mobile preset: performance of / and /services signed in,
    // then accessibility, best practices and SEO of both in English and Telugu.
    const login = { email: 'bench1@example.com', password: 'Customer@123' };
    log(
      'Lighthouse; load average',
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' '),
    );
    rows.push(await lighthousePerformanceRow(shop.base, login));
    rows.push(...(await lighthouseLanguageRows(shop.base, login)));
  }

  // Colour pages (bench/colour.ts): ours against Ghostscript's inkcov on the 3,097-page file and on gri.pdf. Last:
  // these child processes block this script for minutes, and the shop's idle keep-alive sockets close meanwhile.
  if (want('colour')) {
    ensureTool('gs', 'ghostscript');
    const gri = CORPUS ? path.join(CORPUS, 'gri.pdf') : '';
    rows.push(
      ...benchColour(ROOT, v8Flags, [
        ...(gri && fs.existsSync(gri) ? [{ label: 'gri.pdf', file: gri }] : []),
        { label: 'the bench file', file: big().file },
      ]),
    );
    if (!(gri && fs.existsSync(gri)))
      rows.push({
        measure: 'Colour pages of gri.pdf',
        result: 'not run: the PDF corpus is not next to the repository',
        target: '≤ 1×',
        pass: null,
      });
  }
  if (want('docx')) rows.push(await benchDocx());

  if (want('backup')) {
    log('backup of 10,000 orders and 2 GB of files');
    rows.push(...(await benchBackup({ orders: ORDERS })));
  }

  const cpu = os.cpus();
  const md = [
    '# Benchmark results',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}; load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (1, 5, 15 min).`,
    `Shop as \`npm start\` runs it (\`${serve.script}\`) on PGlite with ${ORDERS} orders, logging at ${process.env.LOG_LEVEL ?? 'info (the default)'}; autocannon 100 connections × ${DURATION} s, median of ${RUNS} runs, each against a bare Fastify route serving the same bytes in the same run.`,
    ...(ONLY ? ['', `Only these groups: ${[...ONLY].join(', ')} (\`--only\`).`] : []),
    '',
    '| Measure | Result | Target | Pass |',
    '|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.measure} | ${r.result} | ${r.target} | ${r.pass === null ? 'n/a' : r.pass ? 'yes' : '**no**'} |`,
    ),
    '',
  ].join('\n');
  // A run of some groups only prints its rows: bench/results.md keeps the last full run.
  if (!ONLY) fs.writeFileSync(path.join(ROOT, 'bench/results.md'), md);
  console.log(md);
  shop?.server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const failed = rows.filter((r) => r.pass === false);
  if (failed.length) {
    console.error(`[bench] ${failed.length} target(s) missed`);
    process.exitCode = 1;
  }
}

const cleanup = () => children.forEach((c) => c.kill('SIGKILL'));
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));
main().catch((err) => {
  console.error('[bench] failed:', err);
  process.exitCode = 2;
});
