import { describe, expect, it } from 'vitest';
import { mixedColourPrinting } from './mixed-colour.ts';

const colourService = { priceSingleSide: 1000, priceDoubleSide: 1800 };
const bwService = { priceSingleSide: 200, priceDoubleSide: 300 };
const run = (printed: number[], colour: number[], sides: 'single' | 'double', copies = 1) =>
  mixedColourPrinting({ printed, colour: new Set(colour), sides, copies, colourService, bwService });

describe('colour pages in colour, the rest in black & white', () => {
  it.each([
    // 10 pages, 3 in colour, single-sided: 3 × ₹10 + 7 × ₹2.
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [2, 5, 9], 'single', 1, 4400, 3],
    // The same double-sided: sheets (1,2) (3,4) (5,6) (7,8) (9,10): 3 colour sheets × ₹18 + 2 × ₹3.
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [2, 5, 9], 'double', 1, 6000, 3],
    // Two colour pages on one sheet count once.
    [[1, 2, 3, 4], [1, 2], 'double', 1, 2100, 1],
    // An odd page count: the last sheet has one side.
    [[1, 2, 3], [3], 'double', 1, 2100, 1],
    // Copies multiply; a page range shifts which pages share a sheet: pages 2-5 → sheets (2,3) (4,5).
    [[2, 3, 4, 5], [3], 'double', 2, 4200, 1],
    // No colour at all is the black & white price.
    [[1, 2, 3], [], 'single', 1, 600, 0],
  ] as const)('%j with colour on %j, %s-sided × %d: %d paise', (printed, colour, sides, copies, cost, colourSheets) => {
    const r = run([...printed], [...colour], sides, copies);
    expect(r.printingCost).toBe(cost);
    expect(r.colourSheets).toBe(colourSheets);
  });
  it('counts only the colour pages that are printed', () => {
    expect(run([1, 2], [2, 7], 'single').colourPages).toBe(1);
  });
});
