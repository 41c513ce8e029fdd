import { describe, expect, it } from 'vitest';
import type { BackgroundJob } from './api';
import { jobLabel, jobStateWords } from './job-words';

const at = (iso: string) => iso.slice(11, 16);
const job = (over: Partial<BackgroundJob>): BackgroundJob => ({
  name: 'payment-reconciliation',
  status: null,
  lastStartedAt: null,
  lastFinishedAt: null,
  error: null,
  lastSuccessAt: null,
  nextRunAt: null,
  ...over,
});

describe("the dashboard's line for a background job", () => {
  it('a failure reads as one sentence per thought, whether or not the reason ends with a full stop', () => {
    const failed = { lastFinishedAt: '2026-11-27T10:05:00Z', lastSuccessAt: '2026-11-27T09:00:00Z' };
    const withStop = jobStateWords(
      job({ ...failed, status: 'failed', error: 'Razorpay refused the shop’s keys (401): check RAZORPAY_KEY_ID.' }),
      at,
    );
    expect(withStop).toEqual({
      text: 'last run failed (10:05 IST): Razorpay refused the shop’s keys (401): check RAZORPAY_KEY_ID. Last good run 09:00 IST.',
      failed: true,
    });
    const without = jobStateWords(job({ ...failed, status: 'failed', error: 'disk full', lastSuccessAt: null }), at);
    expect(without.text).toBe('last run failed (10:05 IST): disk full. It has not run well yet.');
  });

  it('names the job in the owner’s words, and says fine, running or when it first runs', () => {
    expect(jobLabel({ name: 'refund-settlement' })).toBe('Refunds check (refunds whose answer was lost)');
    expect(jobLabel({ name: 'something-new' })).toBe('something-new');
    expect(jobStateWords(job({ status: 'ok', lastFinishedAt: '2026-11-27T10:05:00Z' }), at).text).toBe(
      'last ran 10:05 IST, fine',
    );
    expect(jobStateWords(job({ status: 'running' }), at)).toEqual({ text: 'running now', failed: false });
    expect(jobStateWords(job({ nextRunAt: '2026-11-27T10:06:00Z' }), at).text).toBe('not run yet; first at 10:06 IST');
  });
});
