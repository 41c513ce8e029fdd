import { documentShares } from '@shop/shared/pricing/price-order';
import type { orders } from '../../db/schema/index.ts';
import type { OrderDocumentRow } from '../orders/order-documents.ts';

type OrderRow = typeof orders.$inferSelect;

/** SAC 998912: printing and reproduction services. */
export const SAC_PRINTING = '998912';
/** SAC 996813: local delivery services; billed with the printing as one composite supply at its rate (decision 015). */
export const SAC_DELIVERY = '996813';

export interface InvoiceLineInput {
  description: string;
  sac: string;
  quantity: number;
  /** Tax-inclusive value of the line after any discount, paise. */
  grossPaise: number;
}

/**
 * The lines a paid order is billed with: one per document (its printing and binding after its share of the order's
 * discount; Rule 46: value after discount), then the delivery charge as its own line. The discount is shared by the
 * one rule (shared/src/pricing/price-order.ts documentShares), so the lines add up to the order's total exactly. The
 * only place that reads an order's contents for a bill.
 */
export function invoiceLinesOf(order: OrderRow, documents: readonly OrderDocumentRow[]): InvoiceLineInput[] {
  const shares = documentShares(order, documents);
  const lines: InvoiceLineInput[] = documents.map((d, i) => {
    const pages = d.pageRange ? `pages ${d.pageRange}` : `${d.pageCount} pages`;
    return { description: `${d.serviceName}: ${d.originalFilename}, ${pages} x ${d.copies}`, sac: SAC_PRINTING, quantity: d.copies, grossPaise: shares[i]! };
  });
  if (order.deliveryCharge > 0) {
    lines.push({ description: 'Home delivery', sac: SAC_DELIVERY, quantity: 1, grossPaise: order.deliveryCharge });
  }
  return lines;
}
