import type { BackgroundJob } from './api';

/** What each background job does, in the owner's words (its name in the runner otherwise). */
const JOB_LABELS: Record<string, string> = {
  'clean-up': 'Clean-up of expired drafts and files',
  'payment-reconciliation': 'Payments check (paid orders the browser never reported)',
  'refund-settlement': 'Refunds check (refunds whose answer was lost)',
};

export const jobLabel = (job: Pick<BackgroundJob, 'name'>) => JOB_LABELS[job.name] ?? job.name;

/**
 * A job's last run in one line for the dashboard: running, fine, failed with its reason and last good run, or not
 * run yet. `at` writes a time (IST on the dashboard).
 */
export function jobStateWords(job: BackgroundJob, at: (iso: string) => string): { text: string; failed: boolean } {
  if (job.status === 'running') return { text: 'running now', failed: false };
  if (job.status === 'ok')
    return { text: `last ran ${job.lastFinishedAt ? `${at(job.lastFinishedAt)} IST` : ''}, fine`, failed: false };
  if (job.status === 'failed') {
    // The reason often ends a sentence of its own: the next one follows with one full stop, not two.
    const reason = (job.error ?? 'no reason was recorded').replace(/[.\s]+$/, '');
    const when = job.lastFinishedAt ? ` (${at(job.lastFinishedAt)} IST)` : '';
    const lastGood = job.lastSuccessAt ? `Last good run ${at(job.lastSuccessAt)} IST.` : 'It has not run well yet.';
    return { text: `last run failed${when}: ${reason}. ${lastGood}`, failed: true };
  }
  return { text: `not run yet${job.nextRunAt ? `; first at ${at(job.nextRunAt)} IST` : ''}`, failed: false };
}
