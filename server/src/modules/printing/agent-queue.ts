import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AgentActiveJob, AgentJob, AgentReport } from '@shop/shared/printing/schemas';
import { orders, printAgents, printers, printJobs } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AgentRow } from './agents.service.ts';
import { publishJob, type JobRow } from './jobs.service.ts';
import type { OrdersContext } from '../orders/index.ts';

/** A job taken by an agent and not heard of for this long is handed out again (the agent checks CUPS before printing). */
export const LEASE_MS = 60_000;
const TAKE_AT_ONCE = 10;

export const jobKey = (j: Pick<JobRow, 'id' | 'attempt' | 'pass'>) => `${j.id}.${j.attempt}.${j.pass}`;
/** CUPS' job-name: the order number for people, the key in brackets for the agent's duplicate check. */
export const cupsJobName = (orderNumber: string, j: Pick<JobRow, 'id' | 'attempt' | 'pass'>) =>
  `${orderNumber} [shop-job ${jobKey(j)}]`;

const stale = () =>
  new AppError('stale_job', 409, 'This print job has moved on (retried, cancelled or finished); forget this attempt.');

function toAgentJob(j: JobRow, queue: string, orderNumber: string): AgentJob {
  const s = j.settings;
  return {
    id: j.id,
    attempt: j.attempt,
    pass: j.pass,
    key: jobKey(j),
    queue,
    jobName: cupsJobName(orderNumber, j),
    documentUrl: `/api/agent/jobs/${j.id}/document?attempt=${j.attempt}&pass=${j.pass}`,
    ipp: { copies: 1, sides: s.sides, media: s.media, 'print-color-mode': s.colorMode },
    pages: s.pages?.length ?? s.documentPages,
  };
}

/** Jobs waiting for this agent's printers (queued, or taken and not heard of within the lease), now marked as taken. */
async function claim(ctx: OrdersContext, agent: AgentRow): Promise<AgentJob[]> {
  const taken = await ctx.db.transaction(async (tx) => {
    const leaseEnd = new Date(Date.now() - LEASE_MS);
    const rows = await tx
      .select({ id: printJobs.id })
      .from(printJobs)
      .innerJoin(printers, eq(printers.id, printJobs.printerId))
      .where(
        and(
          eq(printers.agentId, agent.id),
          or(
            eq(printJobs.state, 'queued'),
            and(eq(printJobs.state, 'sent'), or(isNull(printJobs.sentAt), lt(printJobs.sentAt, leaseEnd))),
          ),
        ),
      )
      .orderBy(asc(printJobs.id))
      .limit(TAKE_AT_ONCE)
      .for('update', { of: printJobs, skipLocked: true });
    if (rows.length === 0) return [];
    const now = new Date();
    return tx
      .update(printJobs)
      .set({ state: 'sent', sentAt: now, updatedAt: now })
      .where(
        inArray(
          printJobs.id,
          rows.map((r) => r.id),
        ),
      )
      .returning();
  });
  if (taken.length === 0) return [];
  const names = await ctx.db
    .select({ jobId: printJobs.id, queue: printers.queueName, orderNumber: orders.orderNumber })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .innerJoin(orders, eq(orders.id, printJobs.orderId))
    .where(
      inArray(
        printJobs.id,
        taken.map((t) => t.id),
      ),
    );
  const byId = new Map(names.map((n) => [n.jobId, n]));
  for (const j of taken) await publishJob(ctx, j);
  return taken
    .sort((a, b) => a.id - b.id)
    .map((j) => toAgentJob(j, byId.get(j.id)!.queue, byId.get(j.id)!.orderNumber));
}

/**
 * Long poll: the jobs for this agent, or, when there are none, wait until a job is queued (heard through the event
 * bus, so a job made on any server copy wakes the agent at once) or the wait is over.
 *
 * It listens before it looks, so a job queued (or a printer added) while it reads is not missed until the wait ends.
 * `printersStale` says whether the agent's list of printers added by address is out of date (the admin changed it
 * between two polls, when nobody was listening): then it answers at once, with the new list.
 */
export async function takeJobs(
  ctx: OrdersContext,
  agent: AgentRow,
  waitMs: number,
  closed: AbortSignal,
  printersStale: () => Promise<boolean> = async () => false,
): Promise<AgentJob[]> {
  const deadline = Date.now() + waitMs;
  let woken: (() => void) | null = null;
  let heard = false;
  let agentChanged = false;
  const unsubscribe = ctx.events.subscribe((e) => {
    if (e.type === 'print.agent' && e.agentId === agent.id) agentChanged = true;
    else if (!(e.type === 'print.job' && e.state === 'queued')) return;
    heard = true;
    woken?.();
  });
  try {
    if (await printersStale()) return await claim(ctx, agent);
    for (;;) {
      heard = false;
      const jobs = await claim(ctx, agent);
      if (jobs.length || Date.now() >= deadline || closed.aborted || agentChanged) return jobs;
      if (!heard) {
        await new Promise<void>((resolve) => {
          const finish = () => {
            clearTimeout(timer);
            closed.removeEventListener('abort', finish);
            woken = null;
            resolve();
          };
          const timer = setTimeout(finish, deadline - Date.now());
          woken = finish;
          closed.addEventListener('abort', finish);
        });
      }
      // The agent went away or the server is closing: nothing is taken that nobody would receive.
      if (closed.aborted) return [];
      // Revoked while waiting: the agent is told at once.
      const [still] = await ctx.db
        .select({ tokenHash: printAgents.tokenHash })
        .from(printAgents)
        .where(eq(printAgents.id, agent.id))
        .limit(1);
      if (still?.tokenHash !== agent.tokenHash)
        throw new AppError('agent_unauthorized', 401, 'This print agent’s token was revoked.');
      // Its printers changed (the admin added or removed one by address): answered now, with the new list.
      if (agentChanged) return await claim(ctx, agent);
    }
  } finally {
    unsubscribe();
  }
}

/** Jobs of this agent that CUPS has (a restarted agent goes on watching them). */
export async function activeJobs(ctx: OrdersContext, agent: AgentRow): Promise<AgentActiveJob[]> {
  const rows = await ctx.db
    .select({ job: printJobs, queue: printers.queueName })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(and(eq(printers.agentId, agent.id), inArray(printJobs.state, ['submitted', 'printing'])));
  return rows
    .filter((r) => r.job.cupsJobId !== null)
    .map((r) => ({
      id: r.job.id,
      attempt: r.job.attempt,
      pass: r.job.pass,
      key: jobKey(r.job),
      queue: r.queue,
      cupsJobId: r.job.cupsJobId!,
    }));
}

/** A job of one of this agent's printers, at this attempt and pass; anything else is stale. */
export async function agentJob(ctx: OrdersContext, agent: AgentRow, jobId: number, attempt: number, pass: number) {
  const [row] = await ctx.db
    .select({ job: printJobs, printer: printers })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(and(eq(printJobs.id, jobId), eq(printers.agentId, agent.id)))
    .limit(1);
  if (!row) throw notFound('Print job not found');
  if (row.job.attempt !== attempt || row.job.pass !== pass) throw stale();
  return row;
}

type Change = Partial<typeof printJobs.$inferInsert>;

/** What the agent saw happen to a job. Repeated reports change nothing; reports about an old attempt are refused. */
export async function applyReport(ctx: OrdersContext, agent: AgentRow, jobId: number, report: AgentReport) {
  const { job } = await agentJob(ctx, agent, jobId, report.attempt, report.pass);
  const now = new Date();
  const problem = report.problem || null;
  const takenOrAtPrinter = ['sent', 'submitted', 'printing'];
  let change: Change | null = null;
  switch (report.state) {
    case 'waiting':
      if (job.state === 'sent') change = { problem, sentAt: now };
      break;
    case 'submitted':
    case 'printing':
      if (takenOrAtPrinter.includes(job.state)) {
        const state = job.state === 'printing' && report.state === 'submitted' ? 'printing' : report.state;
        change = { state, problem, cupsJobId: report.cupsJobId ?? job.cupsJobId, submittedAt: job.submittedAt ?? now };
      }
      break;
    case 'printed':
      if (takenOrAtPrinter.includes(job.state)) {
        const frontsOnly = job.settings.manualDuplex && job.pass === 1;
        change = frontsOnly
          ? { state: 'awaiting_flip', problem: null }
          : { state: 'printed', problem: null, printedAt: now };
        if (report.cupsJobId) change.cupsJobId = report.cupsJobId;
      } else if (!['printed', 'awaiting_flip', 'confirmed'].includes(job.state)) throw stale();
      break;
    case 'failed':
      if (takenOrAtPrinter.includes(job.state))
        change = { state: 'failed', problem: null, error: report.reason || 'The printer could not print this job.' };
      else if (job.state !== 'failed') throw stale();
      break;
  }
  if (!change) {
    if (['cancelled'].includes(job.state)) throw stale();
    return job;
  }
  const [updated] = await ctx.db
    .update(printJobs)
    .set({ ...change, updatedAt: now })
    .where(
      and(
        eq(printJobs.id, job.id),
        eq(printJobs.attempt, job.attempt),
        eq(printJobs.pass, job.pass),
        eq(printJobs.state, job.state),
      ),
    )
    .returning();
  if (!updated) return applyReport(ctx, agent, jobId, report);
  if (updated.state !== job.state || updated.problem !== job.problem) {
    ctx.log.info({ jobId, from: job.state, to: updated.state, cupsJobId: updated.cupsJobId }, 'print job state');
    await publishJob(ctx, updated);
  }
  return updated;
}
