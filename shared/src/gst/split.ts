/** Tax-inclusive prices split backwards into taxable value and tax, per line, in whole paise. */
export type TaxKind = 'intra' | 'inter';

export interface SplitLine {
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * taxable = gross × 10000 / (10000 + rate), rounded half up; tax = gross − taxable, so each line adds up exactly.
 * Intra-state the tax is CGST + SGST in equal halves (decision 037): when gross − taxable is an odd number of
 * paise, the taxable value takes the paisa instead (the nearer of taxable ± 1 to the exact figure), so
 * CGST = SGST on every line and every document, and the month never leans to either. Inter-state: IGST = tax.
 * `rateBp` is the whole rate in basis points (1800 = 18 %).
 */
export function splitInclusive(grossPaise: number, rateBp: number, kind: TaxKind): SplitLine {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) throw new Error('Line value must be whole paise');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new Error('Rate out of range');
  const denominator = 10_000 + rateBp;
  let taxablePaise = Math.floor((grossPaise * 20_000 + denominator) / (2 * denominator));
  if (kind === 'inter')
    return { grossPaise, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: grossPaise - taxablePaise };
  if ((grossPaise - taxablePaise) % 2 !== 0) {
    // exact taxable = gross × 10000 / denominator; compare |t − exact| × denominator in whole numbers.
    const exactTimesD = grossPaise * 10_000;
    const up = taxablePaise + 1;
    const down = taxablePaise - 1;
    const upFits = up <= grossPaise;
    const downFits = down >= 0;
    taxablePaise =
      upFits && (!downFits || Math.abs(up * denominator - exactTimesD) <= Math.abs(down * denominator - exactTimesD))
        ? up
        : down;
  }
  const half = (grossPaise - taxablePaise) / 2;
  return { grossPaise, taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
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

/** IGST when the place of supply (the recipient's state) is not the shop's state; otherwise CGST + SGST. */
export function taxKindFor(placeOfSupply: string | null | undefined, homeStateCode: string): TaxKind {
  return placeOfSupply && placeOfSupply !== homeStateCode ? 'inter' : 'intra';
}
