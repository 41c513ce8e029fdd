import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * One small runner for the shop's background jobs (docs/decisions/040-backups.md). Every server copy runs it; the
 * `jobs` table decides who runs what: a copy claims a due job by taking its lease in one UPDATE (the row lock makes
 * that atomic across copies), renews the lease while the job runs, and records the result and the next run. A copy
 * that dies mid-run leaves a lease that runs out; another copy then runs the job (it is still due). Each job lives
 * with its module (backup/backup-job.ts, files/cleanup.ts, payments/reconcile.ts); app.ts lists them. The mail
 * queue's retries stay in the mailer: they are this copy's own outbox.
 */
export interface Job {
  name: string;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs: number;
  /** The next time after `after` the job is due; null when it is switched off. */
  nextRun(after: Date): Date | null;
  /** The work; its result (small, JSON) is recorded as the run's result. */
  run(signal: AbortSignal): Promise<Record<string, unknown>>;
  /** A frequent job (payment reconciliation every minute) logs its runs at debug, not info. */
  quiet?: boolean;
  /** Told when a run fails (the backup mails the admin). */
  onFailure?(error: Error, run: { startedAt: Date }): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often due jobs are looked for (default 30 s, with some spread between copies). */
  tickMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export type JobRow = typeof jobs.$inferSelect;

/** A job's `nextRun` when it runs every `ms` after the last run ended (the first run `ms` after its row is made). */
export const every = (ms: number) => (after: Date) => new Date(after.getTime() + ms);

/** Two failures say the same trouble when only their figures differ ("Could not check 3 of 5 …", then "4 of 6 …"). */
const sameTrouble = (a: string | null, b: string | undefined) =>
  a !== null && b !== undefined && a.replace(/\d+/g, '#') === b.replace(/\d+/g, '#');

/** How often the runner looks for due jobs: every 30 s, or as often as the most frequent job needs (0 = off). */
export function tickFor(intervalsMs: number[]): number {
  return Math.min(30_000, ...intervalsMs.filter((ms) => ms > 0));
}

export class JobRunner {
  /** This copy's name in leases: host, process and a random part. */
  readonly owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  private ticking: Promise<void> | null = null;
  private stopped = false;
  private readonly now: () => Date;

  constructor(
    private readonly ctx: { db: Db; log: FastifyBaseLogger },
    readonly jobList: Job[],
    private readonly opts: JobRunnerOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Makes each job's row (a new job is first due at its next scheduled time, never at once) and starts ticking. */
  async start(): Promise<void> {
    await this.schedule();
    const tick = this.opts.tickMs ?? 30_000;
    const loop = () => {
      this.timer = setTimeout(
        () => {
          void this.tick().finally(() => !this.stopped && loop());
        },
        tick * (0.8 + Math.random() * 0.4),
      );
      this.timer.unref();
    };
    loop();
  }

  /** Each switched-on job's row, due no later than its schedule says (a changed hour takes effect). */
  async schedule(): Promise<void> {
    for (const job of this.jobList) {
      const next = job.nextRun(this.now());
      if (!next) continue;
      await this.ctx.db
        .insert(jobs)
        .values({ name: job.name, nextRunAt: next })
        .onConflictDoUpdate({
          target: jobs.name,
          set: { nextRunAt: sql`least(${jobs.nextRunAt}, ${next.toISOString()}::timestamptz)` },
        });
    }
  }

  /** Runs every job that is due and not leased by a live copy; resolves when those runs end. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      const started: Promise<void>[] = [];
      for (const job of this.jobList) {
        if (this.stopped || this.running.has(job.name)) continue;
        const claimed = await this.claim(job).catch((err: Error) => {
          this.ctx.log.warn({ err: { message: err.message }, job: job.name }, 'job claim failed');
          return false;
        });
        if (claimed) started.push(this.running.get(job.name)!.promise);
      }
      await Promise.all(started);
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Makes a job due now (the admin's "Back up now"); the next tick of any copy runs it. */
  async requestRun(name: string): Promise<Date> {
    const at = this.now();
    await this.ctx.db
      .insert(jobs)
      .values({ name, nextRunAt: at })
      .onConflictDoUpdate({ target: jobs.name, set: { nextRunAt: at } });
    return at;
  }

  private async claim(job: Job): Promise<boolean> {
    const now = this.now();
    const [row] = await this.ctx.db
      .update(jobs)
      .set({ leaseOwner: this.owner, leaseUntil: new Date(now.getTime() + job.leaseMs), lastStartedAt: now })
      .where(
        and(eq(jobs.name, job.name), lte(jobs.nextRunAt, now), or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, now))),
      )
      .returning({ name: jobs.name, lastStatus: jobs.lastStatus, lastError: jobs.lastError });
    if (!row) return false;
    const abort = new AbortController();
    const promise = this.execute(job, now, abort, row).finally(() => this.running.delete(job.name));
    this.running.set(job.name, { promise, abort });
    return true;
  }

  private async execute(
    job: Job,
    startedAt: Date,
    abort: AbortController,
    before: { lastStatus: string | null; lastError: string | null },
  ): Promise<void> {
    const mine = and(eq(jobs.name, job.name), eq(jobs.leaseOwner, this.owner));
    const renew = setInterval(
      () => {
        void this.ctx.db
          .update(jobs)
          .set({ leaseUntil: new Date(this.now().getTime() + job.leaseMs) })
          .where(mine)
          .catch(() => {});
      },
      Math.max(1000, Math.floor(job.leaseMs / 3)),
    );
    renew.unref();
    let result: Record<string, unknown> | null = null;
    let error: Error | null = null;
    try {
      result = await job.run(abort.signal);
    } catch (err) {
      error = err instanceof Error ? err : new Error(String(err));
    } finally {
      clearInterval(renew);
    }
    const finishedAt = this.now();
    const next = job.nextRun(finishedAt) ?? new Date(finishedAt.getTime() + 365 * 86400_000);
    const durationMs = Math.max(0, finishedAt.getTime() - startedAt.getTime());
    const message = error?.message.slice(0, 2000);
    await this.ctx.db
      .update(jobs)
      .set({
        leaseOwner: null,
        leaseUntil: null,
        nextRunAt: next,
        lastFinishedAt: finishedAt,
        lastStatus: error ? 'failed' : 'ok',
        lastError: message ?? null,
        lastDurationMs: durationMs,
        lastResult: result,
        runs: sql`${jobs.runs} + 1`,
        ...(error ? {} : { lastSuccessAt: finishedAt, lastSuccessResult: result }),
      })
      .where(mine)
      .catch((err: Error) =>
        this.ctx.log.warn({ err: { message: err.message }, job: job.name }, 'job result not recorded'),
      );
    if (error && before.lastStatus === 'failed' && sameTrouble(before.lastError, message)) {
      // The same trouble as the run before (Razorpay down for an hour, a full disk): said once at error, then a
      // reminder at warn on each run rather than an error a minute; the dashboard shows it all along.
      this.ctx.log.warn({ job: job.name, err: { message }, durationMs }, 'job still failing');
    } else if (error) {
      this.ctx.log.error({ job: job.name, err: { message }, durationMs }, 'job failed');
    }
    if (error) {
      await job
        .onFailure?.(error, { startedAt })
        .catch((err: Error) =>
          this.ctx.log.warn({ err: { message: err.message }, job: job.name }, 'job failure not reported'),
        );
    } else if (before.lastStatus === 'failed')
      this.ctx.log.info({ job: job.name, durationMs, ...result }, 'job done, fine again after failing');
    else if (job.quiet) this.ctx.log.debug({ job: job.name, durationMs, ...result }, 'job done');
    else this.ctx.log.info({ job: job.name, durationMs, ...result }, 'job done');
  }

  /** Stops ticking, asks running jobs to stop and waits for them (their leases are released as they end). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const r of this.running.values()) r.abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.promise));
    await this.ticking;
  }
}

export async function jobRow(ctx: { db: Db }, name: string): Promise<JobRow | null> {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.name, name));
  return row ?? null;
}

/** The rows of these jobs (none for a job not scheduled yet). */
export async function jobRows(ctx: { db: Db }, names: string[]): Promise<JobRow[]> {
  if (names.length === 0) return [];
  return ctx.db.select().from(jobs).where(inArray(jobs.name, names));
}
