import type { orders } from '../../db/schema/index.ts';

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
 * The lines a paid order is billed with: the printing after its discount (Rule 46: value after discount), then the
 * delivery charge as its own line. The only place that reads an order's contents for a bill, so orders with several
 * documents can switch it to one line per document.
 */
export function invoiceLinesOf(order: OrderRow): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = [
    {
      description: `${order.serviceName}: ${order.originalFilename}, ${order.pageCount} pages x ${order.copies}`,
      sac: SAC_PRINTING,
      quantity: order.copies,
      grossPaise: order.totalCost,
    },
  ];
  if (order.deliveryCharge > 0) {
    lines.push({ description: 'Home delivery', sac: SAC_DELIVERY, quantity: 1, grossPaise: order.deliveryCharge });
  }
  return lines;
}
