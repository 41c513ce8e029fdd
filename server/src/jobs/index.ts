import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { backupJob } from './backup-job.ts';
import { JobRunner } from './runner.ts';

/**
 * The background jobs every server copy runs through one runner (leases in the `jobs` table): the scheduled backup.
 * (The clean-up, payment reconciliation and mail retries keep their own loops for now: each is already safe on
 * several copies; see docs/decisions/040-backups.md.)
 */
export async function startJobs(app: FastifyInstance, ctx: AppContext): Promise<JobRunner> {
  const runner = new JobRunner(ctx, [backupJob(ctx)]);
  await runner.start();
  app.addHook('onClose', () => runner.stop());
  return runner;
}
