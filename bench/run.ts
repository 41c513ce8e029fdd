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
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import {
  median,
  paidDraft,
  peakWhile,
  randomPort,
  ROOT,
  rowsTable,
  SEED_ADMIN,
  signIn,
  signInStaff,
  startShop as startShopProcess,
  uploadFile,
  verifyPayment,
  type Row,
} from './support.ts';
import { openEventStream } from '../server/test/helpers/sse.ts';

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

const rows: Row[] = [];
const log = (...a: unknown[]) => console.log('[bench]', ...a);

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
  stop: () => Promise<void>;
  /** The seeded customers bench1…bench10, signed in: customers[0] is bench1. */
  customers: Array<Record<string, string>>;
  /** Their bearer tokens, in the same order. */
  tokens: string[];
  staffH: Record<string, string>;
  custH: Record<string, string>;
}

/** A seeded bench customer (insertBulkOrders): customer(1) is bench1. */
const customer = (i: number) => ({ email: `bench${i}@example.com`, password: 'Customer@123' });

/**
 * The shop as `npm start` runs it: the production build on a fresh data folder with ORDERS orders, started by the
 * `serve` script's command line; ten customers and a counter clerk signed in.
 */
async function startShop(dataDir: string): Promise<Shop> {
  log('seeding', ORDERS, 'orders into', dataDir);
  await seed(dataDir);
  log('building the shop (npm run build)');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const shop = await startShopProcess({
    built: true,
    dataDir,
    // RATE_LIMIT_SCALE: the loads below are one customer at tens of thousands of quotes a second; the rate limiter
    // still runs on every request (its cost is in the figures) but lets them through.
    // API_CHECK_ANSWERS=false: answers as production sends them, unchecked (NODE_ENV=test would check each one).
    env: { RATE_LIMIT_SCALE: '100000', API_CHECK_ANSWERS: 'false' },
  });
  log('shop up on', shop.base);
  const customers: Array<Record<string, string>> = [];
  for (let i = 1; i <= 10; i++) customers.push(await signIn(shop.base, customer(i)));
  const staffH = await signInStaff(shop.base, { mobile_number: '9000000001', password: 'Counter@123' });
  const custH = { ...(await signIn(shop.base, customer(1))), 'content-type': 'application/json' };
  return {
    base: shop.base,
    server: shop.server,
    rss: shop.rssMb,
    stop: shop.stop,
    customers,
    tokens: customers.map((h) => h.authorization!.slice('Bearer '.length)),
    staffH,
    custH,
  };
}

/**
 * The server's memory: idle once started (ten customers and a clerk signed in, nothing else asked), then its peak while
 * 10 customers upload ~10 MB PDFs at once. First, on the freshly started shop: after the load tests below V8 keeps
 * some heap it may use again, which says nothing about either (the RSS after them is reported too).
 */
async function memoryRows({ base, rss, customers }: Shop, dataDir: string): Promise<Row[]> {
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
  const { value: results, peak } = await peakWhile(
    rss,
    () => Promise.all(customers.map(async (h) => (await uploadFile(base, h, uploadBytes, 'big-notes.pdf')).status)),
    25,
  );
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
  const barePort = randomPort();
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
 * Our PDF reader (pdf-read.ts with the server's V8 flags) against poppler's pdfinfo, taking turns: PDF_PAIRS reads
 * each, one of ours then one of theirs (every other pair the other way round), each in a process of its own (ours the
 * median of three reads after a warm-up read, as a running server's worker is warm). CPU time is user + system,
 * pdfinfo's from bash's `times`. This machine's speed swings by a third or more: from one run to the next for pdfinfo
 * (0.38 s then 0.52 s for the same file twice in a row), and for the whole life of one of our processes (one reads at
 * about 350 ms every time, the next at about 560). So each of our reads gets a fresh process, as each of pdfinfo's
 * does, and both sides get the same chances at a quiet moment. Judged on the medians; the fastest of each and the
 * pairs' ratio are beside them.
 */
const PDF_PAIRS = 9;
function pdfReadRow(big: { file: string; source: string }, v8Flags: string[]): Row {
  ensureTool('pdfinfo', 'poppler-utils');
  const bytes = fs.statSync(big.file);
  // File read from disk included, as pdfinfo does.
  const readOurs = () =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [...v8Flags, '--import', 'tsx', path.join(ROOT, 'bench/pdf-read.ts'), big.file, '3'],
        { cwd: ROOT, encoding: 'utf8' },
      ),
    ) as { pages: number; ms: number[]; cpuMs: number[] };
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
  const ours: { pages: number; ms: number; cpu: number }[] = [];
  const theirs: { wall: number; cpu: number }[] = [];
  const one = () => {
    const r = readOurs();
    // The median of three reads after the warm-up: the first one's CPU time also carries V8's helper threads finishing
    // the warm-up's work (its garbage), which a running server's worker has long done.
    ours.push({ pages: r.pages, ms: median(r.ms), cpu: median(r.cpuMs) });
  };
  for (let i = 0; i < PDF_PAIRS; i++) {
    if (i % 2 === 0) {
      one();
      theirs.push(pdfinfo());
    } else {
      theirs.push(pdfinfo());
      one();
    }
  }
  const pages = Math.min(...ours.map((o) => o.pages));
  const cpu = { ours: median(ours.map((o) => o.cpu)), theirs: median(theirs.map((r) => r.cpu)) };
  const cpuRatio = cpu.ours / cpu.theirs;
  const fastest = Math.min(...ours.map((o) => o.cpu)) / Math.min(...theirs.map((r) => r.cpu));
  const pairs = median(ours.map((o, i) => o.cpu / theirs[i]!.cpu));
  return {
    measure: `Read ${pages} pages (${(bytes.size / 1e6).toFixed(1)} MB, ${big.source}): count and every page size, CPU, median of ${PDF_PAIRS} processes taking turns with pdfinfo`,
    result:
      `${cpu.ours.toFixed(0)} ms vs pdfinfo ${cpu.theirs.toFixed(0)} ms (${cpuRatio.toFixed(2)}×); fastest ${fastest.toFixed(2)}×, ` +
      `pairs ${pairs.toFixed(2)}×; wall ${median(ours.map((o) => o.ms)).toFixed(0)} vs ${median(theirs.map((r) => r.wall)).toFixed(0)} ms`,
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
async function paidToStaffRow({ base, customers, staffH }: Shop): Promise<Row> {
  const latencies: number[] = [];
  const stream = await openEventStream(`${base}/api/events`, staffH);
  const small = fs.readFileSync(path.join(FIXTURES, 'report-a4-26p.pdf'));
  for (let i = 0; i < 5; i++) {
    const proof = await paidDraft(base, customers[i]!, small, 'color_printing');
    const from = stream.events.length;
    const arrived = stream
      .waitFor((e) => e.type === 'order.paid', 5000, from)
      .then(
        (e) => e.at,
        () => Number.POSITIVE_INFINITY,
      );
    const t0 = performance.now();
    await verifyPayment(base, customers[i]!, proof);
    latencies.push((await arrived) - t0);
  }
  stream.close();
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
  const shop = SHOP_GROUPS.some(want) ? await startShop(dataDir) : null;

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
  if (shop && want('wizard')) rows.push(...(await benchWizard(shop.base, customer(11))));
  if (shop && want('bundle')) rows.push(...(await bundleRows(shop)));
  if (shop && want('live')) {
    rows.push(await paidToStaffRow(shop));
    // A status change → shown on a customer's open tracking page, in Chromium (bench/tracking-live.ts).
    rows.push(
      await benchTrackingLive({
        base: shop.base,
        staff: shop.staffH,
        customer: customer(2),
      }),
    );
  }
  if (shop && (want('print') || want('reports'))) {
    const admin = await signIn(shop.base, SEED_ADMIN);
    // Printing (bench/print.ts): Print pressed → the job accepted by CUPS, through the print agent.
    if (want('print'))
      rows.push(
        await benchPrint({
          base: shop.base,
          customer: shop.customers[9]!,
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
    const login = customer(1);
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
    ...rowsTable(rows),
    '',
  ].join('\n');
  // A run of some groups only prints its rows: bench/results.md keeps the last full run.
  if (!ONLY) fs.writeFileSync(path.join(ROOT, 'bench/results.md'), md);
  console.log(md);
  await shop?.stop();
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
