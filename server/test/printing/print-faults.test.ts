import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrintJobDto } from '@shop/shared/printing/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopClient } from '../faults-db/shop-client.ts';
import {
  freePort,
  killHard,
  REPO_ROOT,
  startServer,
  stopGracefully,
  type ServerProcess,
} from '../faults-payments/server-process.ts';
import { cupsSkipReason, TestCups, type PdfQueue } from '../helpers/cups.ts';
import { recordSecret } from '../helpers/log-capture.ts';
import { until } from '../helpers/until.ts';

/**
 * Faults, with every part a real process: the shop's server (PGlite in DATA_DIR), the print agent as the shop starts
 * it (its command line), a private CUPS. Whatever is killed or stopped, no paid job is lost and none prints twice:
 * every job ends printed, CUPS holds exactly one job per job attempt, and cups-pdf wrote exactly one file for each.
 */
const DOC = 'letter-a4-4p.pdf';
const skip = cupsSkipReason;

interface AgentProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

// Each test restarts real processes and prints several orders: seconds on an idle machine, far more on a busy one
// (vitest.config.ts gives every test 180 s).

describe.skipIf(!!skip)('printing survives faults (server, agent and CUPS as real processes)', () => {
  let root: string;
  let server: ServerProcess;
  let port: number;
  let cups: TestCups;
  let queue: PdfQueue;
  let shop: ShopClient;
  let admin: string;
  let staff: string;
  let agentId: number;
  let token: string;
  let agent: AgentProcess | null = null;
  let bwService: number;
  const journal = () => path.join(root, 'agent', 'journal.jsonl');

  const start = () => startServer({ dataDir: path.join(root, 'data'), port, tmpDir: path.join(root, 'tmp') });
  function startAgent(withToken = token): AgentProcess {
    const child = spawn(
      process.execPath,
      [
        'print-agent/bin/print-agent.mjs',
        '--server',
        `http://127.0.0.1:${port}`,
        '--token',
        withToken,
        '--cups',
        cups.url,
        '--printers',
        `${queue.queue}=bw_a4`,
        '--journal',
        journal(),
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    return { child, output: () => out, exited: once(child, 'exit').then(([code]) => code as number | null) };
  }
  async function stopAgent() {
    if (!agent) return;
    if (agent.child.exitCode === null && agent.child.signalCode === null) agent.child.kill('SIGTERM');
    await agent.exited;
    agent = null;
  }

  async function paidOrders(n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const customer = await shop.register(`printing.${Date.now()}.${i}@example.com`);
      const fileId = await shop.upload(customer, DOC);
      ids.push((await shop.placeAndPay(customer, fileId, bwService)).orderId);
    }
    return ids;
  }
  const jobs = async (orderIds: number[]) =>
    shop.ok<PrintJobDto[]>('GET', `/api/print/jobs?orders=${orderIds.join(',')}`, { token: staff });
  const allIn = (orderIds: number[], state: string, ms = 60_000) =>
    until(
      async () => {
        const js = await jobs(orderIds).catch(() => []);
        return js.length === orderIds.length && js.every((j) => j.state === state) ? js : undefined;
      },
      `${orderIds.length} jobs ${state}`,
      ms,
    );

  /** Exactly one CUPS job per job attempt, and one cups-pdf file each. */
  async function expectPrintedOnce(printed: PrintJobDto[], outputsBefore: number) {
    const atCups = await cups.client.jobs(queue.queue);
    for (const j of printed) {
      const named = atCups.filter((c) => c.name?.includes(`[shop-job ${j.id}.${j.attempt}.${j.pass}]`));
      expect(
        named.map((c) => c.id),
        `CUPS jobs of print job ${j.id}`,
      ).toEqual([j.cups_job_id]);
      expect(named[0]!.state).toBe('completed');
    }
    await cups.waitForOutputs(queue, outputsBefore + printed.length);
    // Nothing more comes out afterwards.
    await new Promise((r) => setTimeout(r, 2000));
    expect(cups.outputs(queue).length).toBe(outputsBefore + printed.length);
  }

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-print-faults-'));
    for (const d of ['data', 'tmp', 'agent']) fs.mkdirSync(path.join(root, d));
    cups = await TestCups.start();
    queue = cups.addPdfQueue();
    port = await freePort();
    server = await start();
    shop = new ShopClient(server.base);
    admin = await shop.login('admin@printshop.local', 'Admin@12345');
    await shop.createStaff(admin, 'Counter Clerk', '9848011111');
    staff = await shop.staffLogin('9848011111');
    const made = await shop.ok<{ agent: { id: number }; token: string }>('POST', '/api/admin/print/agents', {
      token: admin,
      body: { name: 'Counter PC' },
    });
    [agentId, token] = [made.agent.id, made.token];
    recordSecret('secret', token);
    bwService = (await shop.ok<Array<{ id: number }>>('GET', '/api/services?category=black_white_printing'))[0]!.id;
    agent = startAgent();
    await until(
      async () =>
        (await shop.ok<Array<{ online: boolean }>>('GET', '/api/admin/print/agents', { token: admin }))[0]?.online,
      'agent connected',
      30_000,
    );
  });
  afterAll(async () => {
    await stopAgent();
    if (server) await stopGracefully(server);
    await cups?.stop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('the agent killed (SIGKILL) in the middle of a batch: restarted, it prints the rest and nothing twice', async () => {
    const orderIds = await paidOrders(5);
    const before = cups.outputs(queue).length;
    // A stopped printer keeps the jobs at CUPS, so the kill lands while several are in flight.
    cups.disable(queue.queue);
    const sent = await shop.ok<{ queued: number }>('POST', '/api/print/new', { token: staff, body: {} });
    expect(sent.queued).toBe(5);
    await until(
      () => fs.existsSync(journal()) && (fs.readFileSync(journal(), 'utf8').match(/"submitted"/g)?.length ?? 0) >= 2,
      'two jobs at CUPS',
      30_000,
    );
    agent!.child.kill('SIGKILL');
    await agent!.exited;
    agent = startAgent();
    cups.enable(queue.queue);
    const printed = await allIn(orderIds, 'printed');
    await expectPrintedOnce(printed, before);
  });

  it('the server killed (SIGKILL) while jobs are printing, then restarted: the agent reconnects and finishes them once', async () => {
    const orderIds = await paidOrders(3);
    const before = cups.outputs(queue).length;
    cups.disable(queue.queue);
    await shop.ok('POST', '/api/print/new', { token: staff, body: {} });
    await until(async () => (await jobs(orderIds)).some((j) => j.state === 'submitted'), 'a job at CUPS', 30_000);
    await killHard(server);
    // While the shop is down the printer comes back and prints; the agent keeps what it learns until it can report.
    cups.enable(queue.queue);
    await new Promise((r) => setTimeout(r, 3000));
    server = await start();
    const printed = await allIn(orderIds, 'printed', 90_000);
    await expectPrintedOnce(printed, before);
  });

  it('a stopped printer (cupsdisable): the card says why, nothing is lost, it prints once when started again', async () => {
    const [orderId] = await paidOrders(1);
    const before = cups.outputs(queue).length;
    cups.disable(queue.queue);
    await shop.ok('POST', `/api/print/orders/${orderId}`, { token: staff, body: {} });
    const waiting = await until(
      async () => {
        const [j] = await jobs([orderId!]);
        return j?.state === 'submitted' && j.problem ? j : undefined;
      },
      'job waiting with a problem',
      30_000,
    );
    expect(waiting.problem).toMatch(/stopped/i);
    await new Promise((r) => setTimeout(r, 2000));
    expect(cups.outputs(queue).length).toBe(before);
    cups.enable(queue.queue);
    const printed = await allIn([orderId!], 'printed');
    expect(printed[0]!.problem).toBeNull();
    await expectPrintedOnce(printed, before);
  });

  it('the token revoked: the agent stops at once, a new job waits (not lost), and prints once with a new token', async () => {
    await shop.ok('DELETE', `/api/admin/print/agents/${agentId}/token`, { token: admin });
    expect(await agent!.exited).toBe(2);
    expect(agent!.output()).toMatch(/refused this agent/);
    agent = null;
    const [orderId] = await paidOrders(1);
    const before = cups.outputs(queue).length;
    await shop.ok('POST', `/api/print/orders/${orderId}`, { token: staff, body: {} });
    await new Promise((r) => setTimeout(r, 3000));
    expect((await jobs([orderId!]))[0]).toMatchObject({ state: 'queued', printer: { online: false } });
    // The old token is refused on every agent route.
    const refused = await shop.call('GET', '/api/agent/jobs?wait=0', { token });
    expect(refused.status).toBe(401);

    const fresh = await shop.ok<{ token: string }>('POST', `/api/admin/print/agents/${agentId}/token`, {
      token: admin,
    });
    recordSecret('secret', fresh.token);
    token = fresh.token;
    agent = startAgent();
    const printed = await allIn([orderId!], 'printed');
    await expectPrintedOnce(printed, before);
  });
});
