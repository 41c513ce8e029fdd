import { paiseToRupees } from '../common/money.ts';
import type { DeliveryType } from '../common/options.ts';
import { formatPageRange, parsePageRange, type PageRangeIssue } from '../orders/page-range.ts';
import { mixedColourPrinting } from './mixed-colour.ts';
import {
  calculateCost,
  deliveryChargeFor,
  discountRateFor,
  PricingError,
  type CostBreakdown,
  type PricedOptions,
  type PricedService,
} from './pricing.ts';

/**
 * The one price function of an order (docs/decisions/036-order-model.md): the quote,
 * the checkout, the counter's walk-in, Print again (re-priced as a new order) and the web app's live price all call
 * `priceOrder`. Each document is printed and bound as chosen for it (spiral books per document), its page range
 * parsed here and only here, a mixed-colour document's colour pages at the colour rate and the rest at its black &
 * white partner's; the discount tier applies to the order's subtotal across documents; one delivery charge.
 * Pure, integer paise. With one document the figures are exactly calculateCost's.
 */

/** At most this many documents in one order (a bundle at the counter, not a print run). */
export const MAX_DOCUMENTS_PER_ORDER = 20;

/** One document as the caller knows it: its pages (the file's, or counted on paper), the range typed, the service. */
export interface DocumentToPrice {
  /** Pages of the file (read by the server from the stored PDF), or counted on a paper original. */
  pageCount: number;
  /** The pages to print as typed ("1-5, 8"); empty or absent for all. */
  pageRange?: string | null;
  service: PricedService;
  options: PricedOptions;
  /**
   * "Colour pages in colour, the rest in black & white" (decision 016): the file's pages holding colour and the
   * black & white service that prices the others.
   */
  mixed?: { colourPages: readonly number[]; bwService: PricedService };
}

/** One document's share of the order, paise (before the order's discount). */
export interface DocumentCost {
  printingCost: number;
  bindingCost: number;
  subtotal: number;
  /** Pages printed per copy. */
  pages: number;
  copies: number;
  totalSheets: number;
  books: number;
}

/** A priced document: its cost and what it prints (the normal form of its range, its pages, its colour pages). */
export interface PricedDocument extends DocumentCost {
  /** Normal form ("1-5, 8"); '' for all pages. */
  pageRange: string;
  /** 1-based pages that print, ascending. */
  printed: number[];
  /** The printed pages in colour (mixed documents only; [] otherwise). */
  colourPages: number[];
}

export interface OrderPrice extends CostBreakdown {
  documents: PricedDocument[];
  /** Delivery charge for the chosen delivery (0 for pickup and at the counter). */
  deliveryCharge: number;
  /** What the customer pays: totalCost + deliveryCharge. */
  totalAmount: number;
}

/** A document that cannot be priced: which one (0-based) and, for a page range, why (for words on screen). */
export class DocumentPricingError extends PricingError {
  constructor(
    readonly index: number,
    message: string,
    readonly issue?: PageRangeIssue,
  ) {
    super(message);
  }
}

function priceDocument(doc: DocumentToPrice, index: number): PricedDocument {
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  if (!range.ok) throw new DocumentPricingError(index, range.message, range.issue);
  const printed = range.pages;
  const c = calculateCost({ pages: printed.length, service: doc.service, options: doc.options });
  let printingCost = c.printingCost;
  let colourPages: number[] = [];
  if (doc.mixed) {
    const colour = new Set(doc.mixed.colourPages);
    colourPages = printed.filter((p) => colour.has(p));
    printingCost = mixedColourPrinting({
      printed,
      colour,
      sides: doc.options.sides,
      copies: doc.options.copies,
      colourService: doc.service,
      bwService: doc.mixed.bwService,
    }).printingCost;
  }
  return {
    printingCost,
    bindingCost: c.bindingCost,
    subtotal: printingCost + c.bindingCost,
    pages: c.pages,
    copies: c.copies,
    totalSheets: c.totalSheets,
    books: c.books,
    pageRange: range.text,
    printed,
    colourPages,
  };
}

/**
 * The order's price. `delivery`: 'delivery' adds ₹30 under ₹2000, 'pickup' (and the counter) none. Throws a
 * PricingError (a DocumentPricingError naming the document) for input no price exists for.
 */
export function priceOrder(docs: readonly DocumentToPrice[], delivery: DeliveryType): OrderPrice {
  if (docs.length === 0) throw new PricingError('Add at least one document');
  if (docs.length > MAX_DOCUMENTS_PER_ORDER)
    throw new PricingError(`An order can hold at most ${MAX_DOCUMENTS_PER_ORDER} documents`);
  const documents = docs.map((d, i) => {
    try {
      return priceDocument(d, i);
    } catch (err) {
      if (err instanceof PricingError && !(err instanceof DocumentPricingError))
        throw new DocumentPricingError(i, err.message);
      throw err;
    }
  });
  const sum = (k: 'printingCost' | 'bindingCost' | 'pages' | 'copies' | 'totalSheets' | 'books') =>
    documents.reduce((s, d) => s + d[k], 0);
  const printingCost = sum('printingCost');
  const bindingCost = sum('bindingCost');
  const subtotal = printingCost + bindingCost;
  const discountRate = discountRateFor(subtotal);
  const discountAmount = Math.round((subtotal * discountRate) / 100);
  const totalCost = subtotal - discountAmount;
  const deliveryCharge = deliveryChargeFor(delivery, totalCost);
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
    deliveryCharge,
    totalAmount: totalCost + deliveryCharge,
    documents,
  };
}

/**
 * Each document's part of what was paid for the printing (its subtotal less its share of the order's discount),
 * paise: the discount shared in proportion to the documents' subtotals, the last document taking the rounding, so
 * the parts add up to the order's totalCost exactly. The bill's lines, the refund limits per document and the
 * reports' revenue after discount all read it.
 */
export function documentShares(
  order: { totalCost: number },
  documents: ReadonlyArray<{ printingCost: number; bindingCost: number }>,
): number[] {
  const subtotal = documents.reduce((s, d) => s + d.printingCost + d.bindingCost, 0);
  let left = order.totalCost;
  return documents.map((d, i) => {
    const value = d.printingCost + d.bindingCost;
    const share =
      i === documents.length - 1 ? left : subtotal > 0 ? Math.round((value * order.totalCost) / subtotal) : 0;
    left -= share;
    return share;
  });
}

/** The API's figures of one document: money in rupees, and what it prints (its range and colour pages, normal form). */
export function toDocumentCostResult(d: PricedDocument): DocumentCost & { pageRange: string; colourPages: string } {
  return {
    printingCost: paiseToRupees(d.printingCost),
    bindingCost: paiseToRupees(d.bindingCost),
    subtotal: paiseToRupees(d.subtotal),
    pages: d.pages,
    copies: d.copies,
    totalSheets: d.totalSheets,
    books: d.books,
    pageRange: d.pageRange,
    colourPages: formatPageRange(d.colourPages),
  };
}
