import { documentShares } from '@shop/shared/pricing/price-order';
import type { orders } from '../../db/schema/index.ts';
import { documentSummary, type DocumentWords } from '@shop/shared/orders/document-summary';
import wordsEn from '@shop/shared/i18n/words/en';
import wordsTe from '@shop/shared/i18n/words/te';
import { defineCatalogue } from '../../lib/i18n.ts';
import type { OrderDocumentRow } from '../orders/index.ts';

type OrderRow = typeof orders.$inferSelect;

/** SAC 998912: printing and reproduction services of recorded media (a customer's file). */
export const SAC_PRINTING = '998912';
/** SAC 998595: duplicating services (photocopying a paper original at the counter). */
export const SAC_PHOTOCOPY = '998595';
/** SAC 996813: local delivery services, when the shop bills delivery as a supply of its own. */
export const SAC_DELIVERY = '996813';

/** What one line counts: printed pages, PVC cards, or one delivery. */
export type LineUnit = 'pages' | 'cards' | 'delivery';

export interface InvoiceLineInput {
  /** What was printed, whole (never cut): the service, the file or original, the pages, copies and finishing. */
  description: string;
  sac: string;
  /** Pages printed × copies (cards for PVC), or 1 for the delivery. */
  quantity: number;
  unit: LineUnit;
  /** Tax-inclusive value of the line after its share of the order's discount, paise. */
  grossPaise: number;
}

/** Which SAC each kind of line is billed under (decision 037): configuration, with a service's own SAC first. */
export interface SacSettings {
  printing: string;
  photocopy: string;
  /** 'composite': the delivery is part of the printing and takes the principal line's SAC; or a SAC of its own. */
  delivery: 'composite' | string;
  /** A service's own SAC (services.sac), when the admin set one. */
  byService: ReadonlyMap<number, string | null>;
}

export const DEFAULT_SACS: SacSettings = {
  printing: SAC_PRINTING,
  photocopy: SAC_PHOTOCOPY,
  delivery: 'composite',
  byService: new Map(),
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The shared words of a document line (shared/src/i18n/words), in English: the bill's descriptions are English. */
const documentWords = defineCatalogue('bill-document-words', wordsEn, wordsTe);
const english: DocumentWords = (key, values) => documentWords.t('en', key, values);

/**
 * "Black & White A4: report.pdf · pages 1-6 · B&W · 2 copies · both sides · spiral binding": the service, then the
 * one line every screen, mail and ticket shows for a document (shared/src/orders/document-summary.ts), then how it
 * is printed and finished. Never cut: the bill wraps it.
 */
export function documentLineDescription(d: OrderDocumentRow): string {
  const parts = [documentSummary(d, english)];
  if (d.sides === 'double') parts.push('both sides');
  const finishing = [
    d.spiralBinding && 'spiral binding',
    d.paperBinding && 'paper binding',
    d.transparentSheet && 'transparent sheet',
    d.lamination && 'lamination',
  ].filter(Boolean);
  if (finishing.length) parts.push(finishing.join(', '));
  return `${d.serviceName}: ${parts.join(' · ')}`;
}

/**
 * The lines a paid order is billed with (CGST Rule 46(f)–(i)): one per document, with what was printed, its SAC,
 * quantity and unit, and its value after its share of the order's discount (Rule 46: value after discount; the
 * discount is not a line of its own), then the delivery charge. The discount is shared by the one rule
 * (shared/src/pricing/price-order.ts documentShares: in proportion to the documents' values, the last taking the
 * rounding), so the lines add up to what was paid exactly, as the reports and refund limits share it. Reads the
 * order's documents (order_documents) and the order's totals only: the only place that reads an order for a bill.
 */
export function invoiceLinesOf(
  order: OrderRow,
  documents: readonly OrderDocumentRow[],
  sacs: SacSettings = DEFAULT_SACS,
): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = [];
  const subtotal = documents.reduce((s, d) => s + d.printingCost + d.bindingCost, 0);
  if (documents.length === 0 || subtotal <= 0) {
    // Never expected (every order has its documents since migration 0012); billed as one printing line then.
    lines.push({
      description: `Printing, order ${order.orderNumber}`,
      sac: sacs.printing,
      quantity: 1,
      unit: 'pages',
      grossPaise: order.totalCost,
    });
  } else {
    const shares = documentShares(order, documents);
    documents.forEach((d, i) => {
      const sac = d.paperOriginal ? sacs.photocopy : (sacs.byService.get(d.serviceId) ?? sacs.printing);
      lines.push({
        description: documentLineDescription(d),
        sac,
        quantity: d.printedPages * d.copies,
        unit: d.printingType === 'pvc' ? 'cards' : 'pages',
        grossPaise: shares[i]!,
      });
    });
  }
  if (order.deliveryCharge > 0) {
    if (sacs.delivery === 'composite') {
      // Printing delivered is one composite supply; its principal supply (the largest line) gives the SAC (CGST Act s. 8(a)).
      const principal = lines.reduce((a, b) => (b.grossPaise > a.grossPaise ? b : a), lines[0]!);
      lines.push({
        description: 'Home delivery (part of the supply above)',
        sac: principal.sac,
        quantity: 1,
        unit: 'delivery',
        grossPaise: order.deliveryCharge,
      });
    } else {
      lines.push({
        description: 'Home delivery',
        sac: sacs.delivery,
        quantity: 1,
        unit: 'delivery',
        grossPaise: order.deliveryCharge,
      });
    }
  }
  return lines;
}

/** "36 pages", "1 card", "1 delivery": a line's quantity as the bill prints it. */
export function quantityText(l: Pick<InvoiceLineInput, 'quantity' | 'unit'>): string {
  if (l.unit === 'delivery') return plural(l.quantity, 'delivery', 'deliveries');
  return plural(l.quantity, l.unit === 'cards' ? 'card' : 'page', l.unit === 'cards' ? 'cards' : 'pages');
}
