/**
 * Bench row for printing (decision 014): staff presses Print → the job is accepted by CUPS, for a 40-page document,
 * through the real print agent (its command line) and a private CUPS with a cups-pdf queue. Needs root (cupsd and
 * cups-pdf); elsewhere the row says why it was not run. `node --import tsx bench/print.ts` runs it alone on a fresh
 * shop started from the sources.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cupsSkipReason, TestCups } from '../server/test/helpers/cups.ts';
import { withFreshShop } from './fresh-shop.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const RUNS = 5;

export interface PrintBenchInput {
  base: string;
  /** A signed-in customer (places the orders) and staff (presses Print). */
  customer: Record<string, string>;
  staff: Record<string, string>;
  admin: Record<string, string>;
}

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (!r.ok) throw new Error(`${r.url} answered ${r.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A paid colour order of a 40-page document, through the same steps as the web app. */
async function paidOrder(base: string, h: Record<string, string>, pdf: Buffer): Promise<number> {
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...h, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const fd = new FormData();
  fd.append('file', new Blob([pdf], { type: 'application/pdf' }), 'forty-pages.pdf');
  const up = await json<{ file: { id: string } }>(
    fetch(`${base}/api/pdf/upload`, { method: 'POST', headers: h, body: fd }),
  );
  const services = await json<Array<{ id: number }>>(fetch(`${base}/api/services?category=color_printing`));
  const options = {
    serviceId: services[0]!.id,
    printingType: 'color',
    paperSize: 'a4',
    paperType: 'white_75gsm',
    sides: 'single',
    orientation: 'portrait',
    copies: 1,
  };
  const cost = await json<{ totalCost: number }>(
    post('/api/pdf/calculate-cost', { fileId: up.file.id, pdfInfo: { pageCount: 1 }, options }),
  );
  const order = await json<{ id: string }>(
    post('/api/razorpay/create-order', {
      amount: Math.round(cost.totalCost * 100),
      currency: 'INR',
      fileId: up.file.id,
      options,
      deliveryType: 'pickup',
      deliveryDetails: { mobileNumber: '9876543210' },
    }),
  );
  const signed = await json<unknown>(
    post('/api/payments/sandbox/complete', { razorpay_order_id: order.id, outcome: 'success' }),
  );
  return (await json<{ orderId: number }>(post('/api/razorpay/verify-payment', signed))).orderId;
}

export async function benchPrint(
  input: PrintBenchInput,
): Promise<{ measure: string; result: string; target: string; pass: boolean | null }> {
  const measure = `Staff presses Print → job accepted by CUPS, 40-page document (agent + cups-pdf), median of ${RUNS}`;
  if (cupsSkipReason) return { measure, result: `not run: ${cupsSkipReason}`, target: '≤ 2000 ms', pass: null };
  const { base } = input;
  const cups = await TestCups.start();
  const queue = cups.addPdfQueue();
  const journalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-agent-'));
  const pdf = path.join(journalDir, 'forty.pdf');
  // 40 A4 text pages from the repository's own test PDFs (38 + 2).
  const fixtures = path.join(ROOT, 'server/test/fixtures/pdfs');
  execFileSync('qpdf', [
    '--empty',
    '--pages',
    path.join(fixtures, 'notes-a4-38p.pdf'),
    '1-38',
    path.join(fixtures, 'letter-a4-4p.pdf'),
    '1-2',
    '--',
    pdf,
  ]);
  const made = await json<{ token: string }>(
    fetch(`${base}/api/admin/print/agents`, {
      method: 'POST',
      headers: { ...input.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench agent' }),
    }),
  );
  const agent = spawn(
    process.execPath,
    [
      'print-agent/bin/print-agent.mjs',
      '--server',
      base,
      '--token',
      made.token,
      '--cups',
      cups.url,
      '--printers',
      `${queue.queue}=color_a4`,
      '--journal',
      path.join(journalDir, 'journal.jsonl'),
    ],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  try {
    for (let i = 0; i < 300; i++) {
      const agents = await json<Array<{ online: boolean; printers: Array<{ queue: string }> }>>(
        fetch(`${base}/api/admin/print/agents`, { headers: input.admin }),
      );
      if (agents.some((a) => a.online && a.printers.some((p) => p.queue === queue.queue))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Each press is timed to the moment the agent reports the CUPS job (its state event on the staff stream).
    const ac = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: input.staff, signal: ac.signal });
    const reader = stream.body!.getReader();
    const atCups = new Map<number, (t: number) => void>();
    let buffer = '';
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
            const data = /^data: (.*)$/m.exec(chunk)?.[1];
            if (!chunk.includes('event: print.job') || !data) continue;
            const e = JSON.parse(data) as { jobId: number; state: string };
            if (['submitted', 'printing', 'printed'].includes(e.state)) atCups.get(e.jobId)?.(performance.now());
          }
        }
      } catch {
        /* aborted */
      }
    })();
    const times: number[] = [];
    const bytes = fs.readFileSync(pdf);
    for (let i = 0; i < RUNS; i++) {
      const orderId = await paidOrder(base, input.customer, bytes);
      const t0 = performance.now();
      const job = await json<{ id: number }>(
        fetch(`${base}/api/print/orders/${orderId}`, {
          method: 'POST',
          headers: { ...input.staff, 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      const t1 = await new Promise<number>((resolve) => {
        atCups.set(job.id, resolve);
        setTimeout(() => resolve(Number.POSITIVE_INFINITY), 15_000);
      });
      times.push(t1 - t0);
    }
    ac.abort();
    const m = median(times);
    return {
      measure,
      result: Number.isFinite(m)
        ? `${m.toFixed(0)} ms (runs: ${times.map((t) => (Number.isFinite(t) ? t.toFixed(0) : '>15000')).join(', ')})`
        : 'not accepted within 15 s',
      target: '≤ 2000 ms',
      pass: m <= 2000,
    };
  } finally {
    agent.kill('SIGTERM');
    await cups.stop();
    fs.rmSync(journalDir, { recursive: true, force: true });
  }
}

/** Alone: a fresh shop (from the sources, or `--built`: the production build as `npm start` runs it), a customer, a clerk, the admin. */
const standalone = () =>
  withFreshShop({ built: process.argv.includes('--built') }, async (shop) =>
    console.log(
      await benchPrint({ base: shop.base, customer: shop.customer.headers, staff: shop.staff, admin: shop.admin }),
    ),
  );

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void standalone();
