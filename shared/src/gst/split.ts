/** Tax-inclusive prices split backwards into taxable value and tax, per line, in whole paise. */
export type TaxKind = 'intra' | 'inter';

export interface SplitLine { grossPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }

/**
 * taxable = gross × 10000 / (10000 + rate), rounded half up; tax = gross − taxable, so each line adds up exactly.
 * Intra-state: CGST = floor(tax / 2), SGST = tax − CGST (the odd paisa, if any, goes to SGST). Inter-state: IGST = tax.
 * `rateBp` is the whole rate in basis points (1800 = 18 %).
 */
export function splitInclusive(grossPaise: number, rateBp: number, kind: TaxKind): SplitLine {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) throw new Error('Line value must be whole paise');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new Error('Rate out of range');
  const denominator = 10_000 + rateBp;
  const taxablePaise = Math.floor((grossPaise * 20_000 + denominator) / (2 * denominator));
  const tax = grossPaise - taxablePaise;
  if (kind === 'inter') return { grossPaise, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { grossPaise, taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/** Totals are the sums of the lines, never recomputed from the total, so the bill always adds up. */
export function sumLines(lines: SplitLine[]): SplitLine {
  const total: SplitLine = { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const l of lines) {
    total.grossPaise += l.grossPaise;
    total.taxablePaise += l.taxablePaise;
    total.cgstPaise += l.cgstPaise;
    total.sgstPaise += l.sgstPaise;
    total.igstPaise += l.igstPaise;
  }
  return total;
}

/** IGST when the customer's GSTIN is registered in another state; otherwise CGST + SGST (place of supply 37). */
export function taxKindFor(customerStateCode: string | null | undefined, homeStateCode: string): TaxKind {
  return customerStateCode && customerStateCode !== homeStateCode ? 'inter' : 'intra';
}
