import { describe, expect, it } from 'vitest';
import {
  candidateOf,
  missingMixedColourPartner,
  mixedColourPartner,
  mixedColourPrinting,
  mixedColourUnavailable,
  type MixedColourCandidate,
} from './mixed-colour.ts';

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

describe('the black & white service that prices the other pages', () => {
  const svc = (id: number, over: Partial<MixedColourCandidate> = {}): MixedColourCandidate => ({
    id,
    printingType: 'bw',
    paperSize: 'a4',
    paperType: 'white_75gsm',
    supportsSingleSide: true,
    supportsDoubleSide: true,
    ...over,
  });
  const colour = { paperSize: 'a4', paperType: 'white_75gsm' };
  it.each([
    ['the lowest id of the same paper', [svc(9), svc(4), svc(2, { paperType: 'white_70gsm' })], 'single', 4],
    [
      'not another paper size or type, nor a colour service',
      [svc(2, { paperType: 'white_70gsm' }), svc(3, { paperSize: 'a3' }), svc(5, { printingType: 'color' })],
      'single',
      undefined,
    ],
    ['one that prints the chosen sides', [svc(2, { supportsDoubleSide: false }), svc(6)], 'double', 6],
  ] as const)('%s', (_, candidates, sides, expected) => {
    expect(mixedColourPartner(candidates, colour, sides)?.id).toBe(expected);
  });
  it('says why the choice is missing, in the paper’s words', () => {
    expect(mixedColourUnavailable(colour, 'double')).toBe(
      'The shop has no black & white service for A4 White 75 GSM double-sided just now. Please print all pages in colour.',
    );
  });
  it('reads services as the API sends them: an inactive black & white service prints nothing for the colour one', () => {
    const api = (id: number, printing_type: string, is_active?: boolean) => ({
      id,
      printing_type,
      paper_size: 'A4',
      paper_type: 'white_75gsm',
      supports_single_side: true,
      supports_double_side: true,
      ...(is_active === undefined ? {} : { is_active }),
    });
    const colourA4 = candidateOf(api(1, 'color', true));
    expect(missingMixedColourPartner(colourA4, [colourA4, candidateOf(api(2, 'bw', false))])).toEqual({
      paperSize: 'A4',
      paperType: 'white_75gsm',
    });
    expect(missingMixedColourPartner(colourA4, [colourA4, candidateOf(api(2, 'bw', true))])).toBeNull();
    // The customer's catalogue lists active services only and says nothing of it: each counts as active.
    expect(mixedColourPartner([api(3, 'bw')].map(candidateOf), colourA4, 'double')?.id).toBe(3);
  });
});
