import type { Sides } from '../common/options.ts';
import type { PricedService } from './pricing.ts';

/**
 * "Colour pages in colour, the rest in black & white" (issue 12, item 4; docs/decisions/016-colour-pages.md):
 * colour pages at the colour service's rate, the others at the black & white service of the same paper; printed
 * double-sided, a sheet with a colour side on either face is a colour sheet. Integer paise.
 *
 * `printed` is the document's printed pages in print order (its page range); `colour` the pages holding colour.
 */
export function mixedColourPrinting(input: { printed: readonly number[]; colour: ReadonlySet<number>; sides: Sides; copies: number; colourService: PricedService; bwService: PricedService }): {
  printingCost: number;
  colourPages: number;
  colourSheets: number;
} {
  const { printed, colour, sides, copies, colourService, bwService } = input;
  const colourPages = printed.filter((p) => colour.has(p)).length;
  if (sides === 'single') {
    const perCopy = colourPages * colourService.priceSingleSide + (printed.length - colourPages) * bwService.priceSingleSide;
    return { printingCost: perCopy * copies, colourPages, colourSheets: colourPages };
  }
  let colourSheets = 0;
  const sheets = Math.ceil(printed.length / 2);
  for (let i = 0; i < printed.length; i += 2) if (colour.has(printed[i]!) || (i + 1 < printed.length && colour.has(printed[i + 1]!))) colourSheets++;
  const perCopy = colourSheets * colourService.priceDoubleSide + (sheets - colourSheets) * bwService.priceDoubleSide;
  return { printingCost: perCopy * copies, colourPages, colourSheets };
}
