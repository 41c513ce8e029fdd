import type { AppContext } from '../context.ts';
import { reconcilePendingPayments } from '../modules/payments/reconcile.ts';
import { runCleanup } from '../modules/quotas/cleanup.ts';
import type { Job } from './runner.ts';

export const CLEANUP_JOB = 'clean-up';
export const RECONCILE_JOB = 'payment-reconciliation';

/** Every `ms` after the last run ended (the first run `ms` after the job's row is made). */
const every = (ms: number) => (after: Date) => new Date(after.getTime() + ms);

/**
 * Expired drafts, unordered uploads, files past retention and spent rate-limit rows, every CLEANUP_INTERVAL_MINUTES
 * (0 = off; docs/decisions/012-quotas-and-clean-up.md). One server copy runs it at a time.
 */
export function cleanupJob(ctx: AppContext): Job | null {
  const minutes = ctx.config.CLEANUP_INTERVAL_MINUTES;
  if (minutes <= 0) return null;
  return {
    name: CLEANUP_JOB,
    leaseMs: 10 * 60_000,
    nextRun: every(minutes * 60_000),
    run: async () => ({ ...(await runCleanup(ctx)) }),
  };
}

/**
 * Drafts whose payment the provider has but the shop never heard of (a closed tab, a lost webhook), every
 * RECONCILE_INTERVAL_SECONDS (0 = off; docs/decisions/002-drafts-before-payment.md). One server copy asks at a time.
 */
export function reconcileJob(ctx: AppContext): Job | null {
  const seconds = ctx.config.RECONCILE_INTERVAL_SECONDS;
  if (seconds <= 0) return null;
  return {
    name: RECONCILE_JOB,
    leaseMs: 5 * 60_000,
    quiet: true,
    nextRun: every(seconds * 1000),
    run: () => reconcilePendingPayments(ctx),
  };
}

/** How often the runner looks for due jobs: every 30 s, or as often as the most frequent job needs. */
export function tickFor(ctx: AppContext): number {
  const { RECONCILE_INTERVAL_SECONDS: seconds, CLEANUP_INTERVAL_MINUTES: minutes } = ctx.config;
  return Math.min(30_000, ...(seconds > 0 ? [seconds * 1000] : []), ...(minutes > 0 ? [minutes * 60_000] : []));
}
