/**
 * Makes the backup archive of a released version, kept as a test fixture (server/test/fixtures/releases/<version>/):
 * the upgrade test restores it and starts the current code on it (docs/decisions/040-backups.md, "Each release adds
 * its archive").
 *
 *   node --import tsx scripts/make-release-fixture.ts --commit 28f003b --version-dir server/test/fixtures/releases/0.1.0
 *
 * 1. A checkout of the release (`git worktree add /tmp/rel-<commit> <commit>` and its own npm install, made when missing).
 * 2. Its server on a fresh DATA_DIR, GST regular, and through its HTTP API every kind of order: one document
 *    delivered; several documents with page ranges, mixed colour, a photo and (with LibreOffice) a Word file; a
 *    business (B2B GSTIN) order part-refunded; an order refunded in full; a sensitive document collected with its
 *    pickup code (deleted at handover); walk-in orders in cash (a paper original and a counter upload) and by UPI;
 *    an order whose files will be past retention; an unpaid draft and an expired one; a staff message; a print agent.
 * 3. Time passes: with the server stopped, the ready time of one order and the creation of one draft are moved back
 *    40 days / 2 days in the database (the only writes not made through the API), then the release's own clean-up
 *    runs once (its server restarted with a short interval) and deletes those files and expires that draft.
 * 4. The stopped shop is backed up with this code's backup (the release had none), its manifest naming the release's
 *    version; `fixture.json` beside it lists the accounts (with their passwords: test accounts only) and the orders.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { gstinCheckChar } from '../shared/src/gst/gstin.ts';
import { writeBackupArchive } from '../server/src/modules/backup/backup.ts';
import { openDatabaseAsIs } from '../server/src/modules/backup/open-database.ts';
import { LocalStorage } from '../server/src/modules/storage/local-storage.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    commit: { type: 'string', default: '28f003b' },
    'release-dir': { type: 'string' },
    out: { type: 'string' },
    port: { type: 'string', default: process.env.E2E_PORT ?? '5107' },
  },
});
const commit = args.commit!;
const releaseDir = path.resolve(args['release-dir'] ?? path.join(os.tmpdir(), `rel-${commit}`));
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;

// ---------------------------------------------------------------------------------------------------------------
// The release's checkout and server

if (!fs.existsSync(path.join(releaseDir, 'package.json'))) {
  console.log(`checking out ${commit} into ${releaseDir}`);
  execFileSync('git', ['worktree', 'add', '--detach', releaseDir, commit], { cwd: repo, stdio: 'inherit' });
}
if (!fs.existsSync(path.join(releaseDir, 'node_modules', 'tsx'))) {
  console.log('npm install in the release checkout');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: releaseDir, stdio: 'inherit' });
}
const version = (JSON.parse(fs.readFileSync(path.join(releaseDir, 'package.json'), 'utf8')) as { version: string })
  .version;
const outDir = path.resolve(args.out ?? path.join(repo, 'server/test/fixtures/releases', version));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fixture-${version}-`));

const SHOP_GSTIN = '37AAAPS1234C1Z' + gstinCheckChar('37AAAPS1234C1Z');
const B2B_GSTIN = '36AABCT1234K1Z' + gstinCheckChar('36AABCT1234K1Z'); // Telangana: IGST
const ADMIN = { email: 'owner@fixture.shop', password: 'Fixture!Owner2026' };
const CUSTOMER_PASSWORD = 'Fixture!Cust2026';
const STAFF = { name: 'Counter Clerk', mobile: '9848011111', password: 'Fixture!Staff2026' };

function serverEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    GST_STATUS: 'regular',
    GST_GSTIN: SHOP_GSTIN,
    RATE_LIMIT_SCALE: '1000',
    RECONCILE_INTERVAL_SECONDS: '0',
    CLEANUP_INTERVAL_MINUTES: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

async function startServer(extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: releaseDir,
    env: serverEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the release's server stopped:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the release's server did not start:\n${output}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP as the web app and the counter use it

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
  expect = [200, 201],
): Promise<Json> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!expect.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 400)}`);
  return text ? (JSON.parse(text) as Json) : {};
}

async function upload(url: string, token: string, name: string, bytes: Uint8Array, type: string): Promise<Json> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(base + url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${text.slice(0, 400)}`);
  return JSON.parse(text) as Json;
}

const fixtureFile = (rel: string) => fs.readFileSync(path.join(repo, 'server/test/fixtures', rel));

/** Two black-and-white pages around a colour one: priced as mixed colour. */
async function mixedColourPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i++) {
    const page = pdf.addPage([595, 842]);
    for (let y = 780; y > 100; y -= 20)
      page.drawText(`Page ${i}: annual report of the Guntur traders' association.`, {
        x: 50,
        y,
        size: 11,
        font,
        color: rgb(0, 0, 0),
      });
    if (i === 2) page.drawRectangle({ x: 60, y: 200, width: 470, height: 300, color: rgb(0.1, 0.4, 0.85) });
  }
  return pdf.save();
}

const OPTIONS = {
  orientation: 'portrait',
  copies: 1,
  spiralBinding: false,
  paperBinding: false,
  transparentSheet: false,
  lamination: false,
  sides: 'single',
};
const DELIVERY = {
  address: 'Lakshmipuram Main Road, near the temple',
  doorNumber: '12-3',
  pincode: '522002',
  mobileNumber: '9876543210',
  confirmMobileNumber: '9876543210',
};

interface Customer {
  name: string;
  email: string;
  token: string;
}

async function register(name: string, email: string, language?: 'te'): Promise<Customer> {
  const r = await call('POST', '/api/auth/register', null, {
    name,
    email,
    password: CUSTOMER_PASSWORD,
    confirmPassword: CUSTOMER_PASSWORD,
    ...(language ? { language } : {}),
  });
  return { name, email, token: r.token as string };
}

/** Quote, draft, pay in the sandbox, verify: the wizard's steps. Answers the paid order (or the draft when `pay` is false). */
async function order(
  customer: Customer,
  documents: Json[],
  opts: { delivery: boolean; businessBill?: Json; pay?: boolean },
): Promise<Json> {
  const quote = await call('POST', '/api/pdf/calculate-cost', customer.token, { documents });
  const total = Math.round((quote.totalCost + (opts.delivery ? quote.deliveryCharge : 0)) * 100);
  const draft = await call('POST', '/api/razorpay/create-order', customer.token, {
    amount: total,
    currency: 'INR',
    documents,
    deliveryType: opts.delivery ? 'delivery' : 'pickup',
    deliveryDetails: opts.delivery ? DELIVERY : { mobileNumber: '9876543210' },
    ...(opts.businessBill ? { businessBill: opts.businessBill } : {}),
  });
  if (opts.pay === false) return { orderNumber: draft.orderNumber, id: draft.orderId, amount: total };
  const proof = await call('POST', '/api/payments/sandbox/complete', customer.token, {
    razorpay_order_id: draft.id,
    outcome: 'success',
  });
  const paid = await call('POST', '/api/razorpay/verify-payment', customer.token, proof);
  return { orderNumber: paid.orderNumber, id: paid.orderId, amount: total };
}

async function setStatus(token: string, id: number, ...statuses: string[]) {
  for (const status of statuses) await call('PATCH', `/api/admin/orders/${id}/status`, token, { status });
}

// ---------------------------------------------------------------------------------------------------------------

interface FixtureOrder {
  orderNumber: string;
  kind: string;
  customer: string;
}

async function placeEveryKindOfOrder() {
  const admin = (await call('POST', '/api/auth/login', null, ADMIN)).token as string;
  const config = await call('GET', '/api/config', null);
  const services = (await call('GET', '/api/services', null)) as unknown as Json[];
  const svc = (type: string, size: string, paper: string) =>
    services.find((s) => s.printing_type === type && s.paper_size === size && s.paper_type === paper);
  // A black & white service on the colour service's paper, so "colour pages in colour, the rest black & white" is offered.
  await call('POST', '/api/admin/services', admin, {
    name: 'Black & White A4 75 GSM',
    description: 'Black and white A4 on standard office paper',
    price_single_side: 2,
    price_double_side: 3,
    printing_type: 'bw',
    paper_size: 'a4',
    paper_type: 'white_75gsm',
    category: 'black_white_printing',
  });
  const bw70 = svc('bw', 'a4', 'white_70gsm')!;
  const colour = svc('color', 'a4', 'white_75gsm')!;
  const opts = (s: Json, extra: Json = {}) => ({
    ...OPTIONS,
    serviceId: s.id,
    printingType: s.printing_type,
    paperSize: s.paper_size,
    paperType: s.paper_type,
    ...extra,
  });

  await call('POST', '/api/admin/staff', admin, {
    name: STAFF.name,
    mobile_number: STAFF.mobile,
    password: STAFF.password,
  });
  const clerk = (
    await call('POST', '/api/auth/staff/login', null, { mobile_number: STAFF.mobile, password: STAFF.password })
  ).token as string;
  await call('POST', '/api/admin/print/agents', admin, { name: 'Counter PC' });

  const ravi = await register('Ravi Kumar', 'ravi@fixture.shop');
  const lakshmi = await register('లక్ష్మి Lakshmi', 'lakshmi@fixture.shop', 'te');
  const traders = await register('Tarnaka Traders', 'accounts@tarnaka.fixture.shop');
  const orders: FixtureOrder[] = [];
  const add = (o: Json, kind: string, customer: Customer) => {
    orders.push({ orderNumber: o.orderNumber, kind, customer: customer.email });
    return o;
  };
  const up = (c: Customer, rel: string, type = 'application/pdf') =>
    upload('/api/pdf/upload', c.token, path.basename(rel), fixtureFile(rel), type);

  // 1. One document, home delivery, delivered.
  const notes = await up(ravi, 'pdfs/notes-a4-38p.pdf');
  const single = add(
    await order(ravi, [{ fileId: notes.file.id, options: opts(bw70) }], { delivery: true }),
    'single-delivered',
    ravi,
  );
  await setStatus(admin, single.id, 'visited', 'processing', 'completed', 'delivered');

  // 2. Several documents: page ranges, double-sided spiral, mixed colour, a photo, a Word file; pickup, left new.
  const report = await up(lakshmi, 'pdfs/report-a4-26p.pdf');
  const mixed = await upload(
    '/api/pdf/upload',
    lakshmi.token,
    'association-report.pdf',
    await mixedColourPdf(),
    'application/pdf',
  );
  const photo = await up(lakshmi, 'convert/card.png', 'image/png');
  const docs: Json[] = [
    {
      fileId: report.file.id,
      options: opts(bw70, { sides: 'double', spiralBinding: true, copies: 2 }),
      pageRange: '1-5, 8, 10-12',
    },
    { fileId: mixed.file.id, options: opts(colour), colourMode: 'mixed' },
    { fileId: photo.file.id, options: opts(colour, { copies: 3 }) },
  ];
  if (config.officeFormats) {
    const word = await up(
      lakshmi,
      'convert/resume.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    docs.push({ fileId: word.file.id, options: opts(bw70), pageRange: '1' });
  }
  add(
    await order(lakshmi, docs, { delivery: false }),
    config.officeFormats ? 'multi-document-with-word' : 'multi-document',
    lakshmi,
  );

  // 3. A business bill (GSTIN in Telangana: IGST), then a part refund (a credit note).
  const letter = await up(traders, 'pdfs/letter-a4-4p.pdf');
  const b2b = add(
    await order(traders, [{ fileId: letter.file.id, options: opts(colour, { copies: 10 }) }], {
      delivery: true,
      businessBill: { customerGstin: B2B_GSTIN, billingName: 'Tarnaka Traders Pvt Ltd' },
    }),
    'b2b-part-refunded',
    traders,
  );
  await call('POST', `/api/admin/orders/${b2b.id}/refunds`, admin, {
    amount: 40,
    reason: 'Two copies were printed faint',
  });

  // 4. Refunded in full.
  const page = await up(ravi, 'pdfs/page-a4-1p.pdf');
  const refunded = add(
    await order(ravi, [{ fileId: page.file.id, options: opts(colour, { copies: 4 }) }], { delivery: false }),
    'refunded',
    ravi,
  );
  await call('POST', `/api/admin/orders/${refunded.id}/refunds`, admin, {
    amount: refunded.amount / 100,
    reason: 'The customer cancelled before printing',
  });

  // 5. A sensitive document, collected with its pickup code: deleted at handover.
  const idCard = await up(lakshmi, 'pdfs/page-a4-1p.pdf');
  const sensitive = add(
    await order(lakshmi, [{ fileId: idCard.file.id, options: opts(colour), sensitive: true }], { delivery: false }),
    'sensitive-collected',
    lakshmi,
  );
  await setStatus(admin, sensitive.id, 'processing', 'completed');
  const pickup = await call('GET', `/api/orders/${sensitive.orderNumber}/pickup`, lakshmi.token);
  await call('POST', `/api/staff/orders/${sensitive.orderNumber}/collect`, clerk, { code: pickup.code });

  // 6. Ready long ago: its files go past retention (the clock is moved back while the server is stopped).
  const old = await up(ravi, 'pdfs/letter-a4-4p.pdf');
  const retained = add(
    await order(ravi, [{ fileId: old.file.id, options: opts(bw70, { copies: 2 }) }], { delivery: false }),
    'files-past-retention',
    ravi,
  );
  await setStatus(admin, retained.id, 'processing', 'completed');

  // 7. Unpaid drafts: one open, one that will expire.
  const draftFile = await up(traders, 'pdfs/page-a4-1p.pdf');
  add(
    await order(traders, [{ fileId: draftFile.file.id, options: opts(bw70) }], { delivery: false, pay: false }),
    'unpaid-draft',
    traders,
  );
  const oldDraftFile = await up(ravi, 'pdfs/page-a4-1p.pdf');
  add(
    await order(ravi, [{ fileId: oldDraftFile.file.id, options: opts(bw70, { copies: 5 }) }], {
      delivery: false,
      pay: false,
    }),
    'expired-draft',
    ravi,
  );

  // 8. Walk-in orders: cash with a paper original and a counter upload (customer waits); UPI (comes back later).
  const counterFile = await upload(
    '/api/counter/uploads',
    clerk,
    'aadhaar-form.pdf',
    fixtureFile('pdfs/letter-a4-4p.pdf'),
    'application/pdf',
  );
  const walkIn = async (body: Json) => {
    const priced = await call('POST', '/api/counter/orders', clerk, { ...body, amount: 0 }, [409]);
    return (await call('POST', '/api/counter/orders', clerk, { ...body, amount: priced.expectedAmount })).order as Json;
  };
  const cash = await walkIn({
    requestKey: crypto.randomUUID(),
    customer: { name: 'Suresh (walk-in)', mobile: '98480 22222' },
    documents: [
      { source: 'paper', label: 'Land record', pages: 6, options: opts(bw70, { copies: 2 }) },
      { source: 'upload', fileId: counterFile.file.id, options: opts(bw70) },
    ],
    payment: { method: 'cash', received: true },
    pickup: 'now',
  });
  orders.push({ orderNumber: cash.order_number, kind: 'walk-in-cash', customer: 'walk-in' });
  const upi = await walkIn({
    requestKey: crypto.randomUUID(),
    customer: { name: 'Padma (walk-in)', mobile: '+91 98480 33333', email: 'padma@fixture.shop' },
    documents: [{ source: 'paper', label: 'Certificates', pages: 3, options: opts(colour) }],
    payment: { method: 'upi_counter', received: true, reference: 'UTR4455667788' },
    pickup: 'later',
  });
  orders.push({ orderNumber: upi.order_number, kind: 'walk-in-upi', customer: 'walk-in' });

  // 9. A message from the counter.
  await call('POST', `/api/staff/orders/${single.orderNumber}/messages`, clerk, {
    body: 'Your prints are on the way.',
  });

  return {
    orders,
    retainedNumber: retained.orderNumber,
    customers: [ravi, lakshmi, traders],
    officeFormats: Boolean(config.officeFormats),
  };
}

/** Time passes: the order ready 40 days ago, the draft made 2 days ago (written while no server runs). */
async function letTimePass(retainedNumber: string, expiredDraftNumber: string) {
  const database = await openDatabaseAsIs({ pgliteDir: path.join(dataDir, 'db') });
  try {
    const client = (database.db as unknown as { $client: { query(sql: string, params?: unknown[]): Promise<unknown> } })
      .$client;
    await client.query(`update orders set completed_at = completed_at - interval '40 days' where order_number = $1`, [
      retainedNumber,
    ]);
    await client.query(
      `update order_status_events set created_at = created_at - interval '40 days' where order_id = (select id from orders where order_number = $1)`,
      [retainedNumber],
    );
    await client.query(`update orders set created_at = created_at - interval '2 days' where order_number = $1`, [
      expiredDraftNumber,
    ]);
  } finally {
    await database.close();
  }
}

async function main() {
  console.log(`release ${version} (${commit}) in ${releaseDir}; shop data in ${dataDir}`);
  let server = await startServer();
  let placed;
  try {
    placed = await placeEveryKindOfOrder();
  } finally {
    await stopServer(server);
  }
  const expiredDraft = placed.orders.find((o) => o.kind === 'expired-draft')!.orderNumber;
  await letTimePass(placed.retainedNumber, expiredDraft);

  // The release's own clean-up, once: first run 3 s after start.
  server = await startServer({ CLEANUP_INTERVAL_MINUTES: '0.05' });
  try {
    const ravi = placed.customers[0]!;
    for (let i = 0; ; i++) {
      const detail = await call('GET', `/api/orders/${placed.retainedNumber}`, ravi.token);
      if (detail.files?.deleted_at ?? detail.files?.deletedAt ?? detail.files?.status === 'deleted') break;
      if (i > 240)
        throw new Error(
          `the clean-up did not delete the files of ${placed.retainedNumber}: ${JSON.stringify(detail.files)}`,
        );
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await stopServer(server);
  }

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const archive = path.join(outDir, `shop-${version}.tar`);
  const database = await openDatabaseAsIs({ pgliteDir: path.join(dataDir, 'db') });
  let manifest;
  try {
    ({ manifest } = await writeBackupArchive(
      {
        database,
        storage: new LocalStorage(path.join(dataDir, 'files')),
        appVersion: version,
        shopName: 'Fixture shop',
      },
      archive,
    ));
  } finally {
    await database.close();
  }
  const fixture = {
    release: version,
    commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: releaseDir }).toString().trim(),
    madeWith: 'scripts/make-release-fixture.ts',
    settings: { GST_STATUS: 'regular', GST_GSTIN: SHOP_GSTIN },
    officeFormats: placed.officeFormats,
    accounts: {
      admin: ADMIN,
      customers: placed.customers.map((c) => ({ name: c.name, email: c.email, password: CUSTOMER_PASSWORD })),
      staff: { mobile: STAFF.mobile, password: STAFF.password },
    },
    orders: placed.orders,
    counts: manifest.counts,
  };
  fs.writeFileSync(path.join(outDir, 'fixture.json'), JSON.stringify(fixture, null, 2) + '\n');
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `${archive}: ${fs.statSync(archive).size} bytes; ${manifest.counts.orders} orders, ${manifest.counts.invoices} GST documents, ${manifest.storage.objects} files`,
  );
}

await main();
