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
import { cupsSkipReason, TestCups } from '../server/test/helpers/cups.ts';
import { openEventStream } from '../server/test/helpers/sse.ts';
import { withFreshShop } from './fresh-shop.ts';
import { median, placePaidOrder, postJson, ROOT, runAlone, type Row } from './support.ts';

const RUNS = 5;

export interface PrintBenchInput {
  base: string;
  /** A signed-in customer (places the orders) and staff (presses Print). */
  customer: Record<string, string>;
  staff: Record<string, string>;
  admin: Record<string, string>;
}

export async function benchPrint(input: PrintBenchInput): Promise<Row> {
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
  const made = await postJson<{ token: string }>(base, '/api/admin/print/agents', { name: 'Bench agent' }, input.admin);
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
      const agents = (await (await fetch(`${base}/api/admin/print/agents`, { headers: input.admin })).json()) as Array<{
        online: boolean;
        printers: Array<{ queue: string }>;
      }>;
      if (agents.some((a) => a.online && a.printers.some((p) => p.queue === queue.queue))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Each press is timed to the moment the agent reports the CUPS job (its state event on the staff stream).
    const stream = await openEventStream(`${base}/api/events`, input.staff);
    const times: number[] = [];
    const bytes = fs.readFileSync(pdf);
    for (let i = 0; i < RUNS; i++) {
      const order = await placePaidOrder(base, input.customer, bytes, 'color_printing');
      const from = stream.events.length;
      const t0 = performance.now();
      const job = await postJson<{ id: number }>(base, `/api/print/orders/${order.id}`, {}, input.staff);
      const t1 = await stream
        .waitFor(
          (e) =>
            e.type === 'print.job' &&
            e.data.jobId === job.id &&
            ['submitted', 'printing', 'printed'].includes(String(e.data.state)),
          15_000,
          from,
        )
        .then(
          (e) => e.at,
          () => Number.POSITIVE_INFINITY,
        );
      times.push(t1 - t0);
    }
    stream.close();
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

if (runAlone(import.meta.url)) void standalone();
