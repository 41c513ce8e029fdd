import type { AgentReport } from '@shop/shared/printing/schemas';
import { describeJobEnd } from '@shop/shared/printing/problems';
import type { CupsJobStatus } from './cups.ts';

/**
 * What to tell the shop about a job at CUPS: its state in the shop's words, and what holds it up (the printer's
 * problem, or the job held or stopped). `status` null: CUPS no longer knows the job (its history was purged).
 */
export function reportFor(
  cupsJobId: number,
  status: CupsJobStatus | null,
  printerProblem: string | null,
  who: 'CUPS' | 'the printer' = 'CUPS',
): Omit<AgentReport, 'attempt' | 'pass'> {
  const problem = printerProblem ?? undefined;
  if (!status)
    return {
      state: 'failed',
      reason: `${who === 'CUPS' ? 'CUPS' : 'The printer'} no longer knows job ${cupsJobId}; check the printer's output before retrying`,
    };
  if (status.state === 'completed') return { state: 'printed', cupsJobId };
  if (status.state === 'canceled' || status.state === 'aborted')
    return { state: 'failed', reason: describeJobEnd(status.state, status.reasons, status.message) };
  if (status.state.startsWith('processing')) {
    return {
      state: 'printing',
      cupsJobId,
      problem:
        problem ?? (status.state === 'processing-stopped' ? status.message || 'Printing has stopped' : undefined),
    };
  }
  return {
    state: 'submitted',
    cupsJobId,
    problem: problem ?? (status.state === 'pending-held' ? 'Held at the printer' : undefined),
  };
}
