import { paiseToRupees } from '../common/money.ts';
import { mixedColourPrinting } from './mixed-colour.ts';
import { calculateCost, deliveryChargeFor, discountRateFor, PricingError, type CostBreakdown, type PricedOptions, type PricedService } from './pricing.ts';

/**
 * An order of several documents (issue 12, item 1): each document is printed and bound as chosen for it (spiral
 * books are per document), the discount tiers apply to the order's subtotal across documents, and there is one
 * delivery charge. With one document the figures are exactly calculateCost's.
 */

/** At most this many documents in one order (a bundle at the counter, not a print run). */
export const MAX_DOCUMENTS_PER_ORDER = 20;

export interface DocumentToPrice {
  /** Pages that print (a page range counts only its pages). */
  pages: number;
  service: PricedService;
  options: PricedOptions;
  /** Colour pages in colour, the rest at `bwService`'s rate: the printed pages in order and those holding colour. */
  mixed?: { printed: readonly number[]; colour: ReadonlySet<number>; bwService: PricedService };
}

/** One document's share of the order, paise (before the order's discount). */
export interface DocumentCost {
  printingCost: number;
  bindingCost: number;
  subtotal: number;
  pages: number;
  copies: number;
  totalSheets: number;
  books: number;
}

export interface OrderCost extends CostBreakdown {
  documents: DocumentCost[];
}

export function documentCost(doc: DocumentToPrice): DocumentCost {
  const c = calculateCost(doc);
  const printingCost = doc.mixed
    ? mixedColourPrinting({ printed: doc.mixed.printed, colour: doc.mixed.colour, sides: doc.options.sides, copies: doc.options.copies, colourService: doc.service, bwService: doc.mixed.bwService }).printingCost
    : c.printingCost;
  return { printingCost, bindingCost: c.bindingCost, subtotal: printingCost + c.bindingCost, pages: c.pages, copies: c.copies, totalSheets: c.totalSheets, books: c.books };
}

export function calculateOrderCost(docs: readonly DocumentToPrice[]): OrderCost {
  if (docs.length === 0) throw new PricingError('Add at least one document');
  if (docs.length > MAX_DOCUMENTS_PER_ORDER) throw new PricingError(`An order can hold at most ${MAX_DOCUMENTS_PER_ORDER} documents`);
  const documents = docs.map(documentCost);
  const sum = (k: keyof DocumentCost) => documents.reduce((s, d) => s + d[k], 0);
  const printingCost = sum('printingCost');
  const bindingCost = sum('bindingCost');
  const subtotal = printingCost + bindingCost;
  const discountRate = discountRateFor(subtotal);
  const discountAmount = Math.round((subtotal * discountRate) / 100);
  const totalCost = subtotal - discountAmount;
  const one = documents.length === 1 ? documents[0]! : null;
  return {
    printingCost,
    bindingCost,
    additionalCost: 0,
    subtotal,
    discountRate,
    discountAmount,
    totalCost,
    pages: sum('pages'),
    // Copies differ per document: the order's figure is the one document's, or the copies of all documents.
    copies: one ? one.copies : sum('copies'),
    totalSheets: sum('totalSheets'),
    books: sum('books'),
    deliveryCharge: deliveryChargeFor('delivery', totalCost),
    documents,
  };
}

/** The API's figures of one document: money in rupees. */
export function toDocumentCostResult(d: DocumentCost): DocumentCost {
  return { ...d, printingCost: paiseToRupees(d.printingCost), bindingCost: paiseToRupees(d.bindingCost), subtotal: paiseToRupees(d.subtotal) };
}
