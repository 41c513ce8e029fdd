import type { Service } from '@shop/shared/catalog/schemas';
import { rupeesToPaise } from '@shop/shared/common/money';
import type { SummarisedDocument } from '@shop/shared/orders/document-summary';
import { formatPageRange, parsePageRange } from '@shop/shared/orders/page-range';
import { candidateOf, mixedColourPartner } from '@shop/shared/pricing/mixed-colour';
import { priceOrder, type DocumentToPrice, type OrderPrice } from '@shop/shared/pricing/price-order';
import { MAX_PAPER_PAGES, WALK_IN_MESSAGES, type WalkInDocumentInput } from '@shop/shared/walk-in/schemas';
import { MAX_COPIES } from '@shop/shared/orders/schemas';
import { pageRangeProblem } from '@/features/orders/texts';
import { localizeMessage } from '@/lib/i18n/messages';
import type { BindingChoice } from './texts';

/** The walk-in form's model: the documents of the order as the clerk is entering them (nothing of it is trusted). */

export interface DocOptions {
  serviceId: number;
  printingType: string;
  paperSize: string;
  paperType: string;
  sides: 'single' | 'double';
  orientation: 'portrait' | 'landscape';
  /** As typed. */
  copiesText: string;
  binding: BindingChoice;
}

export type WalkInDoc =
  | {
      key: string;
      source: 'upload';
      fileId: string;
      /** What the customer handed over, by its own name (photo.jpg), and the format it was made into a PDF from. */
      name: string;
      convertedFrom: string | null;
      pageCount: number;
      pageRange: string;
      sensitive: boolean;
      /** 'mixed': the colour pages in colour, the rest in black & white (decision 016), as the online shop sells. */
      colourMode: 'all' | 'mixed';
      /** The file's colour pages, once the shop has found them (null until then). */
      colourPages: number[] | null;
      opts: DocOptions;
    }
  | { key: string; source: 'paper'; label: string; pagesText: string; opts: DocOptions };

/** A new document's options: the last document's print (a bundle is mostly alike), else the cheapest B&W A4. */
export function startingOptions(services: readonly Service[], last?: DocOptions): DocOptions | null {
  if (last) return { ...last, copiesText: '1', binding: 'none' };
  const pick = [...services].sort(
    (a, b) =>
      Number(b.printing_type === 'bw') - Number(a.printing_type === 'bw') ||
      Number(b.paper_size === 'a4') - Number(a.paper_size === 'a4') ||
      a.price_single_side - b.price_single_side,
  )[0];
  if (!pick) return null;
  return {
    serviceId: pick.id,
    printingType: pick.printing_type,
    paperSize: pick.paper_size,
    paperType: pick.paper_type,
    sides: pick.supports_single_side ? 'single' : 'double',
    orientation: 'portrait',
    copiesText: '1',
    binding: 'none',
  };
}

export function copiesOf(opts: DocOptions): number | null {
  const n = Number(opts.copiesText);
  return opts.copiesText.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_COPIES ? n : null;
}

/** The pages a document prints per copy, or why it cannot be priced yet (the one page-range parser, as pricing reads it). */
export function printedPages(
  doc: WalkInDoc,
): { ok: true; pages: number; text: string } | { ok: false; message: string } {
  if (doc.source === 'paper') {
    const n = Number(doc.pagesText);
    return doc.pagesText.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_PAPER_PAGES
      ? { ok: true, pages: n, text: '' }
      : { ok: false, message: localizeMessage(WALK_IN_MESSAGES.paperPages) };
  }
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  return range.ok
    ? { ok: true, pages: range.pages.length, text: range.text }
    : { ok: false, message: pageRangeProblem(range.issue) };
}

/** The black & white service that prices a mixed document's other pages, as the server picks it (decision 016). */
export function mixedPartnerOf(services: readonly Service[], opts: DocOptions): Service | undefined {
  if (opts.printingType !== 'color') return undefined;
  return mixedColourPartner(
    services.map(candidateOf),
    { paperSize: opts.paperSize, paperType: opts.paperType },
    opts.sides,
  );
}

/** Whether the document is priced mixed: chosen, a colour service, a black & white partner for its paper. */
export const isMixed = (doc: WalkInDoc, services: readonly Service[]) =>
  doc.source === 'upload' && doc.colourMode === 'mixed' && !!mixedPartnerOf(services, doc.opts);

/** The document as the one line per document reads it (shared/src/orders/document-summary.ts). */
export function summaryOf(doc: WalkInDoc, services: readonly Service[], label: string): SummarisedDocument | null {
  const pages = printedPages(doc);
  const copies = copiesOf(doc.opts);
  if (!pages.ok || copies === null) return null;
  if (doc.source === 'paper') {
    return {
      originalFilename: doc.label.trim() || label,
      paperOriginal: true,
      pageCount: pages.pages,
      pageRange: '',
      printedPages: pages.pages,
      printingType: doc.opts.printingType,
      copies,
    };
  }
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  const mixed = isMixed(doc, services) && doc.colourPages;
  const colour = mixed && range.ok ? range.pages.filter((p) => doc.colourPages!.includes(p)) : [];
  return {
    originalFilename: doc.name,
    convertedFrom: doc.convertedFrom,
    pageCount: doc.pageCount,
    pageRange: pages.text,
    printedPages: pages.pages,
    printingType: doc.opts.printingType,
    colourMode: mixed ? 'mixed' : 'all',
    colourPages: formatPageRange(colour),
    copies,
  };
}

/** The request's document (the server checks and prices it again). */
export function documentBody(doc: WalkInDoc): WalkInDocumentInput {
  const o = doc.opts;
  const options = {
    serviceId: o.serviceId,
    printingType: o.printingType,
    paperSize: o.paperSize,
    paperType: o.paperType,
    sides: o.sides,
    orientation: o.orientation,
    copies: copiesOf(o) ?? 0,
    spiralBinding: o.binding === 'spiralBinding',
    paperBinding: o.binding === 'paperBinding',
    transparentSheet: o.binding === 'transparentSheet',
    lamination: o.binding === 'lamination',
  } as WalkInDocumentInput['options'];
  if (doc.source === 'paper')
    return {
      source: 'paper',
      pages: Number(doc.pagesText),
      options,
      ...(doc.label.trim() ? { label: doc.label.trim() } : {}),
    };
  return {
    source: 'upload',
    fileId: doc.fileId,
    options,
    sensitive: doc.sensitive,
    ...(doc.pageRange.trim() ? { pageRange: doc.pageRange } : {}),
    ...(doc.colourMode === 'mixed' && doc.opts.printingType === 'color' ? { colourMode: 'mixed' as const } : {}),
  };
}

/**
 * The order's price on this screen, in paise, by the one shared price function (shared/src/pricing/price-order.ts)
 * and the catalogue's rates; the server prices it again and refuses a different total. Null while a document is
 * incomplete, its service is gone, or a mixed document's colour pages are not known yet.
 */
export function localPrice(docs: readonly WalkInDoc[], services: readonly Service[]): OrderPrice | null {
  if (docs.length === 0) return null;
  const paise = (s: Service) => ({
    priceSingleSide: rupeesToPaise(s.price_single_side),
    priceDoubleSide: rupeesToPaise(s.price_double_side),
  });
  const toPrice: DocumentToPrice[] = [];
  for (const doc of docs) {
    const service = services.find((s) => s.id === doc.opts.serviceId);
    const copies = copiesOf(doc.opts);
    if (!service || copies === null || !printedPages(doc).ok) return null;
    const body = documentBody(doc).options;
    const options = {
      sides: doc.opts.sides,
      copies,
      spiralBinding: body.spiralBinding,
      paperBinding: body.paperBinding,
      transparentSheet: body.transparentSheet,
      lamination: body.lamination,
    };
    if (doc.source === 'paper') {
      toPrice.push({ pageCount: Number(doc.pagesText), service: paise(service), options });
      continue;
    }
    const partner = isMixed(doc, services) ? mixedPartnerOf(services, doc.opts) : undefined;
    if (partner && !doc.colourPages) return null;
    toPrice.push({
      pageCount: doc.pageCount,
      pageRange: doc.pageRange,
      service: paise(service),
      options,
      mixed: partner ? { colourPages: doc.colourPages!, bwService: paise(partner) } : undefined,
    });
  }
  try {
    return priceOrder(toPrice, 'pickup');
  } catch {
    return null;
  }
}
