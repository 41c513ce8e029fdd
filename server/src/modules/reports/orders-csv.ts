import { backOfficeStatusLabel } from '@shop/shared/common/status';
import { documentColour, documentName, documentPages, pagesPrinted } from '@shop/shared/orders/document-summary';
import { documentShares } from '@shop/shared/pricing/price-order';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shop/shared/reports/schemas';
import { documentWords } from '../orders/index.ts';
import type { CsvOrder } from './reports.repository.ts';
import { shopDateFormat } from '@shop/shared/common/shop-clock';
import { csvLine } from '../../lib/csv.ts';

/**
 * The accountant's CSV: one line per document of each paid order (decision 036), the order's columns repeated
 * on each. Its money adds up to the day report and the bills to the paisa: the lines' Printing + Binding is the day's
 * printing and binding, their Discount the orders' discounts (each document's share, shared as on the bill), their
 * Delivery charge the orders' delivery charges (on the first document's line), and their Amount what was paid. The
 * range's refunds follow (refunds-csv.ts), negative under Amount, so that column adds up to the money kept.
 */
export const CSV_HEADER = [
  'Order number',
  'Paid at (IST)',
  'Customer',
  'Mobile',
  'Pickup or delivery',
  'Status',
  'Payment method',
  'Payment id',
  'Document',
  'File',
  'Service',
  'Printing',
  'Pages',
  'Copies',
  'Pages printed',
  'Sides',
  'Printing (₹)',
  'Binding (₹)',
  'Discount (₹)',
  'Delivery charge (₹)',
  'Amount (₹)',
];

// Made with the first export (the shop clock keeps it): a formatter made at start loads ICU tables (decision 044).
/** 24/11/2026 14:05, the way Indian spreadsheets read a date. */
export function istDateTime(d: Date | null): string {
  const ist = shopDateFormat({
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return d ? ist.format(d).replace(',', '') : '';
}

/** Paise as a plain number a spreadsheet sums: 1234.50 (no grouping, no symbol: the header names the currency). */
const amount = (paise: number) => (paise / 100).toFixed(2);

const words = documentWords('en');

/** The lines of one order: one per document. */
export function orderCsvLines(o: CsvOrder): string {
  const shares = documentShares(o, o.documents);
  const order = [
    o.orderNumber,
    istDateTime(o.paidAt),
    o.userName,
    o.mobileNumber,
    o.deliveryType === 'pickup' ? 'Pickup' : 'Delivery',
    backOfficeStatusLabel(o.status, o.deliveryType),
    PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod,
    o.paymentId ?? '',
  ];
  return o.documents
    .map((d, i) => {
      const value = d.printingCost + d.bindingCost;
      const delivery = i === 0 ? o.deliveryCharge : 0;
      return csvLine([
        ...order,
        `${d.position} of ${o.documents.length}`,
        documentName(d, words, { showConversion: true }),
        d.serviceName,
        documentColour(d, words),
        documentPages(d, words),
        d.copies,
        pagesPrinted(d),
        d.sides === 'double' ? 'Double' : 'Single',
        amount(d.printingCost),
        amount(d.bindingCost),
        amount(value - shares[i]!),
        amount(delivery),
        amount(shares[i]! + delivery),
      ]);
    })
    .join('');
}

/**
 * The whole file, streamed: a byte-order mark so spreadsheet programs read Telugu names as UTF-8, the header, the
 * orders' lines, then the range's refunds (refunds-csv.ts).
 */
export async function* ordersCsv(
  orders: AsyncIterable<CsvOrder>,
  refundLines: () => Promise<string[]> = async () => [],
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_HEADER)}`;
  let chunk = '';
  for await (const order of orders) {
    chunk += orderCsvLines(order);
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
  const refunds = (await refundLines()).join('');
  if (refunds) yield refunds;
}
