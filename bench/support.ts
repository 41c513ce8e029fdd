/**
 * What the bench rows share: the row and its table, the shop started as a child process, sign-ins, uploads and a
 * paid order through the same calls as the web app, and the server's memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printChoiceOf } from '@shop/shared/catalog/print-offer';
import type { VerifiedPayment } from '@shop/shared/payments/routes';
import { serveCommand } from '../scripts/serve-command.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One line of bench/results.md: `pass` is null for a row that was not run or is for information. */
export interface Row {
  measure: string;
  result: string;
  target: string;
  pass: boolean | null;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The rows as a Markdown table. */
export function rowsTable(rows: Row[]): string[] {
  return [
    '| Measure | Result | Target | Pass |',
    '|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.measure} | ${r.result} | ${r.target} | ${r.pass === null ? 'n/a' : r.pass ? 'yes' : '**no**'} |`,
    ),
  ];
}

/** A port for a server the bench starts (chosen at random in a range nothing else here uses). */
export const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

/** Whether the module at `moduleUrl` (its import.meta.url) is the script node was started with: a row run alone. */
export const runAlone = (moduleUrl: string) =>
  Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === fileURLToPath(moduleUrl);

/** The peak of `read()`, sampled every `everyMs` while `work` runs. */
export async function peakWhile<T>(
  read: () => number,
  work: () => Promise<T>,
  everyMs = 50,
): Promise<{ value: T; peak: number }> {
  let peak = read();
  const sampler = setInterval(() => (peak = Math.max(peak, read())), everyMs);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, read()) };
  } finally {
    clearInterval(sampler);
  }
}

export interface RunningShop {
  base: string;
  server: ChildProcess;
  /** The server process's resident memory in MB, now. */
  rssMb(): number;
  /** SIGTERM, then half a second for it to close its database. */
  stop(): Promise<void>;
}

/**
 * The shop in a child process on `dataDir`: `built`, as `npm start` runs it (the production build, started by the
 * `serve` script's command line; build it first), or from the sources with tsx. Answers once /api/health does.
 * On `port`, else BENCH_PORT, else a random one. `env` adds to or overrides NODE_ENV=test, the port, DATA_DIR and
 * PUBLIC_URL; the reconciliation job is off.
 */
export async function startShop(opts: {
  built: boolean;
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<RunningShop> {
  const port = opts.port ?? Number(process.env.BENCH_PORT ?? randomPort());
  const base = `http://127.0.0.1:${port}`;
  const serve = opts.built ? serveCommand() : { args: ['--import', 'tsx', 'server/src/server.ts'], env: {} };
  const server = spawn(process.execPath, serve.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      PUBLIC_URL: base,
      RECONCILE_INTERVAL_SECONDS: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () => server.kill('SIGKILL');
  process.on('exit', kill);
  const shop: RunningShop = {
    base,
    server,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    stop: async () => {
      process.off('exit', kill);
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
    },
  };
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) break;
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return shop;
    await new Promise((r) => setTimeout(r, 200));
  }
  await shop.stop();
  throw new Error(`the shop on ${base} did not come up`);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON POST; throws with the answer on anything but 2xx. */
export async function postJson<T>(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A customer's or the admin's bearer header (`/api/auth/login`). */
export const signIn = async (base: string, login: { email: string; password: string }) =>
  bearer((await postJson<{ token: string }>(base, '/api/auth/login', login)).token);

/** A clerk's bearer header (`/api/auth/staff/login`). */
export const signInStaff = async (base: string, login: { mobile_number: string; password: string }) =>
  bearer((await postJson<{ token: string }>(base, '/api/auth/staff/login', login)).token);

/** The seeded admin (server/src/db/seed.ts). */
export const SEED_ADMIN = { email: 'admin@printshop.local', password: 'Admin@12345' };

/** POST /api/pdf/upload of one file, as the wizard sends it. */
export function uploadFile(
  base: string,
  headers: Record<string, string>,
  bytes: Uint8Array,
  name: string,
  type = 'application/pdf',
) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${base}/api/pdf/upload`, { method: 'POST', headers, body: fd });
}

/** A service as GET /api/services lists it (the fields a quote needs). */
export interface ShopService {
  id: number;
  printing_type: string;
  paper_size: string;
  paper_type: string;
  supports_single_side: boolean;
}

/** One copy, one-sided, portrait on `service`, as the wizard sends it; `extra` adds or overrides options. */
export const printOptions = (service: ShopService, extra: Record<string, unknown> = {}) => ({
  serviceId: service.id,
  ...printChoiceOf(service),
  sides: 'single',
  orientation: 'portrait',
  copies: 1,
  ...extra,
});

/** What the sandbox checkout hands the browser, for verify-payment. */
export type PaymentProof = Record<string, string>;

/**
 * A pickup order of one PDF on the first service of `category`, priced by the server and paid in the sandbox
 * checkout, through the same calls as the web app; not yet verified (see verifyPayment).
 */
export async function paidDraft(
  base: string,
  headers: Record<string, string>,
  pdf: Uint8Array,
  category: 'black_white_printing' | 'color_printing',
): Promise<PaymentProof> {
  const up = await uploadFile(base, headers, pdf, 'bench.pdf');
  if (!up.ok) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
  const fileId = ((await up.json()) as { file: { id: string } }).file.id;
  const services = (await (await fetch(`${base}/api/services?category=${category}`)).json()) as ShopService[];
  const options = printOptions(services[0]!);
  const cost = await postJson<{ totalCost: number }>(
    base,
    '/api/pdf/calculate-cost',
    { fileId, pdfInfo: { pageCount: 1 }, options },
    headers,
  );
  const draft = await postJson<{ id: string }>(
    base,
    '/api/razorpay/create-order',
    {
      amount: Math.round(cost.totalCost * 100),
      currency: 'INR',
      fileId,
      options,
      deliveryType: 'pickup',
      deliveryDetails: { mobileNumber: '9876543210' },
    },
    headers,
  );
  return postJson<PaymentProof>(
    base,
    '/api/payments/sandbox/complete',
    { razorpay_order_id: draft.id, outcome: 'success' },
    headers,
  );
}

/** The browser's verify-payment after the checkout: the order is placed. */
export const verifyPayment = (base: string, headers: Record<string, string>, proof: PaymentProof) =>
  postJson<VerifiedPayment>(base, '/api/razorpay/verify-payment', proof, headers);

/** A paid pickup order (paidDraft, then verifyPayment): its id and number. */
export async function placePaidOrder(
  base: string,
  headers: Record<string, string>,
  pdf: Uint8Array,
  category: 'black_white_printing' | 'color_printing',
): Promise<{ id: number; orderNumber: string }> {
  const placed = await verifyPayment(base, headers, await paidDraft(base, headers, pdf, category));
  return { id: placed.orderId, orderNumber: placed.orderNumber };
}
