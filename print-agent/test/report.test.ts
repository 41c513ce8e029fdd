import { describe, expect, it } from 'vitest';
import { reportFor } from '../src/report.ts';

const job = (state: string, extra: Partial<{ reasons: string[]; message: string }> = {}) => ({
  id: 7,
  state,
  reasons: extra.reasons ?? [],
  message: extra.message ?? '',
});

describe('what the agent tells the shop about a job at CUPS', () => {
  it.each([
    [job('pending'), null, { state: 'submitted', cupsJobId: 7, problem: undefined }],
    // A stopped printer is a problem to show, not a failure (a retry would print twice once it is back).
    [
      job('pending'),
      'The printer is stopped in CUPS',
      { state: 'submitted', cupsJobId: 7, problem: 'The printer is stopped in CUPS' },
    ],
    [job('pending-held'), null, { state: 'submitted', cupsJobId: 7, problem: 'Held at the printer' }],
    [job('processing'), 'Out of paper', { state: 'printing', cupsJobId: 7, problem: 'Out of paper' }],
    [
      job('processing-stopped', { message: 'Door open' }),
      null,
      { state: 'printing', cupsJobId: 7, problem: 'Door open' },
    ],
    [job('completed'), 'Out of paper', { state: 'printed', cupsJobId: 7 }],
    [job('canceled'), null, { state: 'failed', reason: 'Cancelled at the printer' }],
    [
      job('aborted', { reasons: ['document-format-error'] }),
      null,
      { state: 'failed', reason: 'The printer could not read the document' },
    ],
  ] as const)('%j with printer problem %j', (status, problem, expected) => {
    expect(reportFor(7, status, problem)).toEqual(expected);
  });
  it('fails a job CUPS no longer knows, saying to check the paper before retrying', () => {
    expect(reportFor(7, null, null)).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('check the printer'),
    });
  });
});
