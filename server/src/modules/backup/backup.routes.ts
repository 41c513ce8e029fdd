import type { FastifyInstance } from 'fastify';
import { backupRoutes as routes } from '@shop/shared/backups/routes';
import type { BackgroundJob, BackupRun } from '@shop/shared/backups/schemas';
import type { AppContext } from '../../context.ts';
import { BACKUP_JOB, backupOnShopDisk } from './backup-job.ts';
import { jobRow, jobRows, type JobRunner } from '../../jobs/runner.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { destinationFor } from './destination.ts';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

function runOf(
  result: Record<string, unknown> | null | undefined,
  r: {
    startedAt: Date | null;
    finishedAt: Date | null;
    status: BackupRun['status'];
    durationMs: number | null;
    error: string | null;
  },
): BackupRun {
  return {
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    status: r.status,
    name: typeof result?.name === 'string' ? result.name : null,
    sizeBytes: num(result?.sizeBytes),
    durationMs: r.durationMs,
    orders: num(result?.orders),
    files: num(result?.files),
    error: r.error,
  };
}

/** The runner's other switched-on jobs, in its order, with their last and next runs (the dashboard's background work). */
async function otherJobs(ctx: BackupContext): Promise<BackgroundJob[]> {
  const names = ctx.jobs.jobList.map((job) => job.name).filter((name) => name !== BACKUP_JOB);
  const rows = await jobRows(ctx, names);
  const now = new Date();
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return names.map((name) => {
    const row = rows.find((r) => r.name === name);
    const running = Boolean(row?.leaseUntil && row.leaseUntil > now);
    return {
      name,
      status: running ? 'running' : (row?.lastStatus ?? null),
      lastStartedAt: iso(row?.lastStartedAt ?? null),
      lastFinishedAt: running ? null : iso(row?.lastFinishedAt ?? null),
      error: running || row?.lastStatus !== 'failed' ? null : (row.lastError ?? null),
      lastSuccessAt: iso(row?.lastSuccessAt ?? null),
      nextRunAt: running ? null : iso(row?.nextRunAt ?? null),
    };
  });
}

/** The context of the backup routes: "Back up now" asks the jobs' runner. */
export type BackupContext = AppContext & { jobs: JobRunner };

/** The admin's view of backups (docs/decisions/040-backups.md) and "Back up now". */
export async function backupAdminRoutes(app: FastifyInstance, ctx: BackupContext): Promise<void> {
  const api = typed(app);
  api.route({
    ...routes.status,
    preValidation: requireAdmin,
    handler: async () => {
      const row = await jobRow(ctx, BACKUP_JOB);
      const running = Boolean(row?.leaseUntil && row.leaseUntil > new Date());
      const last = row?.lastStartedAt
        ? running
          ? runOf(null, {
              startedAt: row.lastStartedAt,
              finishedAt: null,
              status: 'running',
              durationMs: null,
              error: null,
            })
          : row.lastStatus
            ? runOf(row.lastResult, {
                startedAt: row.lastStartedAt,
                finishedAt: row.lastFinishedAt,
                status: row.lastStatus,
                durationMs: row.lastDurationMs,
                error: row.lastError,
              })
            : null
        : null;
      const lastSuccess =
        row?.lastSuccessAt && row.lastStatus !== 'ok'
          ? runOf(row.lastSuccessResult, {
              startedAt: null,
              finishedAt: row.lastSuccessAt,
              status: 'ok',
              durationMs: null,
              error: null,
            })
          : null;
      return {
        version: APP_VERSION,
        hour: ctx.config.BACKUP_HOUR === 'off' ? null : ctx.config.BACKUP_HOUR,
        keep: ctx.config.BACKUP_KEEP,
        destination: destinationFor(ctx.config).description,
        sameDiskAsShop: backupOnShopDisk(ctx.config),
        nextRunAt: row?.nextRunAt && !running ? row.nextRunAt.toISOString() : null,
        last,
        lastSuccess,
        jobs: await otherJobs(ctx),
      };
    },
  });
  api.route({
    ...routes.run,
    preValidation: requireAdmin,
    handler: async (_request, reply) => {
      const dueAt = await ctx.jobs.requestRun(BACKUP_JOB);
      // This copy looks at once; another copy may be quicker.
      void ctx.jobs.tick();
      return reply.status(202).send({ message: 'The backup starts within a minute.', dueAt: dueAt.toISOString() });
    },
  });
}
