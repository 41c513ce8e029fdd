import { describe, expect, it } from 'vitest';
import { formatCount, formatPaise, formatRupees } from './money.ts';

describe('money and counts, as Indian readers write them', () => {
  it.each([0, 7, 42, 999, 1000, 5000, 12_345, 99_999, 100_000, 1_234_567, 123_456_789, -5000])(
    'formatCount(%i) is what toLocaleString("en-IN") writes',
    (n) => {
      expect(formatCount(n)).toBe(n.toLocaleString('en-IN'));
    },
  );

  it('writes rupees with the lakh grouping and two decimals', () => {
    expect(formatRupees(1234567.5)).toBe('₹12,34,567.50');
    expect(formatPaise(12_345)).toBe('₹123.45');
  });
});
