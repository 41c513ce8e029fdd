import { describe, expect, it } from 'vitest';
import { describeJobEnd, describePrinterProblem } from './problems.ts';

describe('printer problems in words', () => {
  it.each([
    [{ state: 'idle', stateReasons: ['none'] }, null],
    [{ state: 'stopped', stateReasons: ['paused'] }, 'The printer is stopped in CUPS'],
    [{ state: 'idle', stateReasons: ['media-empty-error'] }, 'Out of paper'],
    [{ state: 'processing', stateReasons: ['media-jam'], stateMessage: 'Jam in tray 2' }, 'Paper jam (Jam in tray 2)'],
    [{ state: 'idle', stateReasons: ['offline-report'] }, 'The printer is offline or switched off'],
    // Warnings do not stop printing.
    [{ state: 'idle', stateReasons: ['toner-low-warning', 'media-low-report'] }, null],
    [{ state: 'stopped', stateReasons: [] }, 'The printer is stopped'],
    [{ state: 'idle', stateReasons: [], accepting: false }, 'The printer is not accepting jobs (rejecting in CUPS)'],
  ])('%j → %s', (printer, words) => {
    expect(describePrinterProblem(printer)).toBe(words);
  });
  it('says why CUPS ended a job', () => {
    expect(describeJobEnd('canceled', [], '')).toBe('Cancelled at the printer');
    expect(describeJobEnd('aborted', ['document-format-error'], 'Unsupported')).toBe(
      'The printer could not read the document: Unsupported',
    );
    expect(describeJobEnd('aborted', [], '')).toMatch(/CUPS stopped the job/);
  });
});
