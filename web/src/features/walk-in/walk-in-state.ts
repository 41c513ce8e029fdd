import type { Service } from '@shop/shared/catalog/schemas';
import { rupeesToPaise } from '@shop/shared/common/money';
import { parsePageRange } from '@shop/shared/orders/page-range';
import { calculateOrderCost, type OrderCost } from '@shop/shared/pricing/order-cost';
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
  | { key: string; source: 'upload'; fileId: string; name: string; pageCount: number; pageRange: string; sensitive: boolean; opts: DocOptions }
  | { key: string; source: 'paper'; label: string; pagesText: string; opts: DocOptions };

/** A new document's options: the last document's print (a bundle is mostly alike), else the cheapest B&W A4. */
export function startingOptions(services: readonly Service[], last?: DocOptions): DocOptions | null {
  if (last) return { ...last, copiesText: '1', binding: 'none' };
  const pick = [...services].sort((a, b) => Number(b.printing_type === 'bw') - Number(a.printing_type === 'bw') || Number(b.paper_size === 'a4') - Number(a.paper_size === 'a4') || a.price_single_side - b.price_single_side)[0];
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

/** The pages a document prints per copy, or why it cannot be priced yet. */
export function printedPages(doc: WalkInDoc): { ok: true; pages: number; text: string } | { ok: false; message: string } {
  if (doc.source === 'paper') {
    const n = Number(doc.pagesText);
    return doc.pagesText.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_PAPER_PAGES ? { ok: true, pages: n, text: '' } : { ok: false, message: localizeMessage(WALK_IN_MESSAGES.paperPages) };
  }
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  return range.ok ? { ok: true, pages: range.pages.length, text: range.text } : { ok: false, message: pageRangeProblem(range.issue) };
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
  if (doc.source === 'paper') return { source: 'paper', pages: Number(doc.pagesText), options, ...(doc.label.trim() ? { label: doc.label.trim() } : {}) };
  return { source: 'upload', fileId: doc.fileId, options, sensitive: doc.sensitive, ...(doc.pageRange.trim() ? { pageRange: doc.pageRange } : {}) };
}

/**
 * The order's price on this screen, in paise, by the one shared price function and the catalogue's rates (the server
 * prices it again and refuses a different total). Null while a document is incomplete or its service is gone.
 */
export function localPrice(docs: readonly WalkInDoc[], services: readonly Service[]): OrderCost | null {
  if (docs.length === 0) return null;
  const priced = [];
  for (const doc of docs) {
    const service = services.find((s) => s.id === doc.opts.serviceId);
    const pages = printedPages(doc);
    const copies = copiesOf(doc.opts);
    if (!service || !pages.ok || copies === null) return null;
    const body = documentBody(doc).options;
    priced.push({
      pages: pages.pages,
      service: { priceSingleSide: rupeesToPaise(service.price_single_side), priceDoubleSide: rupeesToPaise(service.price_double_side) },
      options: { sides: doc.opts.sides, copies, spiralBinding: body.spiralBinding, paperBinding: body.paperBinding, transparentSheet: body.transparentSheet, lamination: body.lamination },
    });
  }
  try {
    return calculateOrderCost(priced);
  } catch {
    return null;
  }
}
