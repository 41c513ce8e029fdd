import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { backupJob } from './backup-job.ts';
import { cleanupJob, reconcileJob, tickFor } from './periodic-jobs.ts';
import { JobRunner } from './runner.ts';

/**
 * The background jobs every server copy runs through one runner (leases in the `jobs` table, so one copy runs each at
 * a time; each job's last run is recorded there): the scheduled backup, the clean-up and the payment reconciliation.
 * The mail queue's retries stay in the mailer: they are this copy's own outbox (docs/decisions/040-backups.md).
 */
export async function startJobs(app: FastifyInstance, ctx: AppContext): Promise<JobRunner> {
  const list = [backupJob(ctx), cleanupJob(ctx), reconcileJob(ctx)].filter((job) => job !== null);
  const runner = new JobRunner(ctx, list, { tickMs: tickFor(ctx) });
  await runner.start();
  app.addHook('onClose', () => runner.stop());
  return runner;
}
