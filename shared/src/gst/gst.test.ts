import { describe, expect, it } from 'vitest';
import { checkGstin, gstinCheckChar } from './gstin.js';
import { financialYearLabel, financialYearStart, formatSerial } from './fy.js';
import { splitInclusive, sumLines, taxKindFor } from './split.js';

describe('GSTIN', () => {
  it.each([
    ['27AAPFU0939F1ZV', true, '27'],
    [' 27aapfu0939f1zv ', true, '27'],
    ['27AAPFU0939F1ZW', false, 'mistyped'],
    ['27AAPFU0939F1Z', false, '15 characters'],
    ['27AAPFU0939F1AV', false, '15 characters'],
    ['00AAPFU0939F1ZV', false, 'state code'],
  ])('%s', (input, ok, detail) => {
    const r = checkGstin(input);
    expect(r.ok).toBe(ok);
    if (r.ok) expect(r.stateCode).toBe(detail);
    else expect(r.message).toContain(detail);
  });

  it('accepts a home-state GSTIN built with its own check character', () => {
    const body = '37ABCDE1234F1Z';
    expect(checkGstin(body + gstinCheckChar(body))).toMatchObject({ ok: true, stateCode: '37' });
  });
});

describe('financial year in IST', () => {
  it.each([
    ['2026-03-31T18:29:59Z', 2025], // 23:59:59 IST on 31 March
    ['2026-03-31T18:30:00Z', 2026], // 00:00 IST on 1 April
    ['2026-11-24T06:00:00Z', 2026],
    ['2027-01-01T00:00:00Z', 2026],
  ])('%s is in FY starting %i', (iso, start) => {
    expect(financialYearStart(new Date(iso))).toBe(start);
  });

  it('labels and serials', () => {
    expect(financialYearLabel(2026)).toBe('26-27');
    expect(financialYearLabel(1999)).toBe('99-00');
    expect(formatSerial('PS', 2026, 123)).toBe('PS/26-27/000123');
    expect(formatSerial('ABC', 2026, 999_999)).toHaveLength(16);
    expect(() => formatSerial('ABCD', 2026, 1)).toThrow();
    expect(() => formatSerial('P S', 2026, 1)).toThrow();
    expect(() => formatSerial('PS', 2026, 0)).toThrow();
    expect(() => formatSerial('PS', 2026, 1_000_000)).toThrow();
  });
});

describe('tax-inclusive split at 18 %', () => {
  it.each([
    // gross, taxable, cgst, sgst
    [11_800, 10_000, 900, 900],
    // 84.75 exact: 85 would leave 15 paise of tax, split 7 + 8; 84 leaves 16, split 8 + 8.
    [100, 84, 8, 8],
    [1, 1, 0, 0],
    [2, 2, 0, 0],
    [0, 0, 0, 0],
    // 4237.29 exact: 4237 leaves 763 (odd); 4238 is nearer than 4236.
    [5_000, 4_238, 381, 381],
  ])('₹%i paise', (gross, taxable, cgst, sgst) => {
    const l = splitInclusive(gross, 1800, 'intra');
    expect(l).toEqual({ grossPaise: gross, taxablePaise: taxable, cgstPaise: cgst, sgstPaise: sgst, igstPaise: 0 });
  });

  it('CGST equals SGST on every amount from 1 paisa to ₹2,000, the taxable value within a paisa of exact', () => {
    for (let gross = 0; gross <= 200_000; gross++) {
      const l = splitInclusive(gross, 1800, 'intra');
      if (l.cgstPaise !== l.sgstPaise || l.taxablePaise + l.cgstPaise + l.sgstPaise !== gross)
        throw new Error(`₹${gross / 100}: ${JSON.stringify(l)}`);
      if (Math.abs(l.taxablePaise - (gross * 10_000) / 11_800) > 1.0001)
        throw new Error(`₹${gross / 100}: taxable ${l.taxablePaise} too far from exact`);
      const inter = splitInclusive(gross, 1800, 'inter');
      if (inter.taxablePaise + inter.igstPaise !== gross) throw new Error(`₹${gross / 100} inter`);
    }
    // Other rates too (5 %, 12 %, 28 %).
    for (const rate of [500, 1200, 2800])
      for (let gross = 0; gross <= 20_000; gross++)
        expect(splitInclusive(gross, rate, 'intra').cgstPaise).toBe(splitInclusive(gross, rate, 'intra').sgstPaise);
  });

  it('lines and totals always agree exactly', () => {
    const lines = [1, 99, 100, 333, 5_000, 123_457].map((g) => splitInclusive(g, 1800, 'intra'));
    for (const l of lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(l.grossPaise);
    const t = sumLines(lines);
    expect(t.taxablePaise + t.cgstPaise + t.sgstPaise).toBe(t.grossPaise);
    expect(t.grossPaise).toBe(128_990);
  });

  it('IGST when the place of supply is another state, CGST+SGST at home or without one', () => {
    expect(taxKindFor('27', '37')).toBe('inter');
    expect(taxKindFor('37', '37')).toBe('intra');
    expect(taxKindFor(null, '37')).toBe('intra');
    expect(splitInclusive(11_800, 1800, 'inter')).toMatchObject({
      taxablePaise: 10_000,
      igstPaise: 1_800,
      cgstPaise: 0,
    });
  });

  it('rejects fractions of a paisa and silly rates', () => {
    expect(() => splitInclusive(1.5, 1800, 'intra')).toThrow();
    expect(() => splitInclusive(100, -1, 'intra')).toThrow();
  });
});
