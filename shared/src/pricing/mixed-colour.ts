import { paperSizeLabel, paperTypeLabel, type Sides } from '../common/options.ts';
import type { PricedService } from './pricing.ts';

/**
 * "Colour pages in colour, the rest in black & white" (docs/decisions/016-colour-pages.md):
 * colour pages at the colour service's rate, the others at the black & white service of the same paper; printed
 * double-sided, a sheet with a colour side on either face is a colour sheet. Integer paise.
 *
 * `printed` is the document's printed pages in print order (its page range); `colour` the pages holding colour.
 */
export function mixedColourPrinting(input: {
  printed: readonly number[];
  colour: ReadonlySet<number>;
  sides: Sides;
  copies: number;
  colourService: PricedService;
  bwService: PricedService;
}): {
  printingCost: number;
  colourPages: number;
  colourSheets: number;
} {
  const { printed, colour, sides, copies, colourService, bwService } = input;
  const colourPages = printed.filter((p) => colour.has(p)).length;
  if (sides === 'single') {
    const perCopy =
      colourPages * colourService.priceSingleSide + (printed.length - colourPages) * bwService.priceSingleSide;
    return { printingCost: perCopy * copies, colourPages, colourSheets: colourPages };
  }
  let colourSheets = 0;
  const sheets = Math.ceil(printed.length / 2);
  for (let i = 0; i < printed.length; i += 2)
    if (colour.has(printed[i]!) || (i + 1 < printed.length && colour.has(printed[i + 1]!))) colourSheets++;
  const perCopy = colourSheets * colourService.priceDoubleSide + (sheets - colourSheets) * bwService.priceDoubleSide;
  return { printingCost: perCopy * copies, colourPages, colourSheets };
}

/** What decides which black & white service prices the pages without colour (server rows and the web's services alike). */
export interface MixedColourCandidate {
  id: number;
  printingType: string;
  paperSize: string;
  paperType: string;
  supportsSingleSide: boolean;
  supportsDoubleSide: boolean;
}

/** A service as the API sends it (the catalogue's and the admin's lists), for the functions below. */
export interface ServiceFields {
  id: number;
  printing_type: string;
  paper_size: string;
  paper_type: string;
  supports_single_side: boolean;
  supports_double_side: boolean;
  is_active?: boolean;
}

/** The API's service as a candidate (the web's lists; the server's rows already are one). Active unless it says not. */
export function candidateOf<T extends ServiceFields>(s: T): T & MixedColourCandidate & { isActive: boolean } {
  return {
    ...s,
    printingType: s.printing_type,
    paperSize: s.paper_size,
    paperType: s.paper_type,
    supportsSingleSide: s.supports_single_side,
    supportsDoubleSide: s.supports_double_side,
    isActive: s.is_active ?? true,
  };
}

/**
 * The black & white service that prices a mixed document's pages without colour: active, same paper size and type,
 * printing the chosen sides; the lowest id when several (decision 016). `candidates` are the active services.
 */
export function mixedColourPartner<T extends MixedColourCandidate>(
  candidates: readonly T[],
  colour: Pick<MixedColourCandidate, 'paperSize' | 'paperType'>,
  sides: Sides,
): T | undefined {
  return [...candidates]
    .filter(
      (s) =>
        s.printingType === 'bw' &&
        s.paperSize === colour.paperSize &&
        s.paperType === colour.paperType &&
        (sides === 'double' ? s.supportsDoubleSide : s.supportsSingleSide),
    )
    .sort((a, b) => a.id - b.id)[0];
}

/** Why the choice is not there: no black & white service prints this paper on these sides. */
export const mixedColourUnavailable = (colour: Pick<MixedColourCandidate, 'paperSize' | 'paperType'>, sides: Sides) =>
  `The shop has no black & white service for ${paperSizeLabel(colour.paperSize)} ${paperTypeLabel(colour.paperType)} ${sides === 'double' ? 'double-sided' : 'single-sided'} just now. Please print all pages in colour.`;

/**
 * The admin's view (decision 039): an active colour service whose paper no active black & white service prints
 * (either side) cannot offer mixed colour. The paper to add a black & white service on, or null when it can.
 */
export function missingMixedColourPartner<T extends MixedColourCandidate & { isActive: boolean }>(
  service: T,
  all: readonly T[],
): Pick<MixedColourCandidate, 'paperSize' | 'paperType'> | null {
  if (service.printingType !== 'color' || !service.isActive) return null;
  const active = all.filter((s) => s.isActive);
  const partner = mixedColourPartner(active, service, 'single') ?? mixedColourPartner(active, service, 'double');
  return partner ? null : { paperSize: service.paperSize, paperType: service.paperType };
}
