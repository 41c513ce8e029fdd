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

  it('puts the minus before the rupee sign, as Intl writes INR (a drawer that gave back more cash than it took)', () => {
    for (const n of [-5, -1234567.5, -0.5]) {
      const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
      expect(formatRupees(n)).toBe(intl);
    }
    expect(formatRupees(-5)).toBe('-₹5.00');
  });
});
