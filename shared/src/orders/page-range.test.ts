import { describe, expect, it } from 'vitest';
import { describePages, formatPageRange, parsePageRange } from './page-range.ts';

describe('parsePageRange', () => {
  it.each([
    ['', 5, [1, 2, 3, 4, 5], ''],
    ['all', 3, [1, 2, 3], ''],
    ['1-5, 8, 10-12', 12, [1, 2, 3, 4, 5, 8, 10, 11, 12], '1-5, 8, 10-12'],
    ['8, 1-3', 10, [1, 2, 3, 8], '1-3, 8'],
    ['1-10, 5-15', 20, Array.from({ length: 15 }, (_, i) => i + 1), '1-15'],
    ['3 – 4', 4, [3, 4], '3-4'],
    ['2;4', 4, [2, 4], '2, 4'],
    ['1-4', 4, [1, 2, 3, 4], ''],
    ['12-40', 40, Array.from({ length: 29 }, (_, i) => i + 12), '12-40'],
  ])('%j of %d pages', (text, count, pages, normal) => {
    expect(parsePageRange(text, count)).toEqual({ ok: true, pages, text: normal });
  });

  it.each([
    ['0', 5, 'Pages start at 1.', { code: 'start_at_1' }],
    ['4-2', 5, 'The range 4-2 runs backwards. Write it as 2-4.', { code: 'backwards', from: 4, to: 2 }],
    ['1-9', 5, 'This document has 5 pages, so page 9 is not in it.', { code: 'beyond', pageCount: 5, page: 9 }],
    ['2', 1, 'This document has 1 page, so page 2 is not in it.', { code: 'beyond', pageCount: 1, page: 2 }],
    [
      '1-3, abc',
      5,
      '“abc” is not a page or a range. Write pages like 1-5, 8, 10-12.',
      { code: 'not_a_range', part: 'abc' },
    ],
    [
      '1--3',
      5,
      '“1--3” is not a page or a range. Write pages like 1-5, 8, 10-12.',
      { code: 'not_a_range', part: '1--3' },
    ],
    [', ,', 5, 'Choose at least one page.', { code: 'none' }],
  ])('%j of %d pages is refused', (text, count, message, issue) => {
    // The English message, and what a screen in another language needs to say the same.
    expect(parsePageRange(text, count)).toEqual({ ok: false, message, issue });
  });

  it('refuses an absurdly long list instead of working through it', () => {
    expect(parsePageRange('1,'.repeat(5000), 10).ok).toBe(false);
  });
});

describe('formatPageRange and describePages', () => {
  it('writes the shortest ranges', () => {
    expect(formatPageRange([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7-8');
  });
  it('reads as people say it', () => {
    expect(describePages('', 12, 12)).toBe('All 12 pages');
    expect(describePages('1-5, 8', 6, 12)).toBe('Pages 1-5, 8 (6 of 12)');
  });
});
