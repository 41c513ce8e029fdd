import { backOfficeStatusLabel } from '@shop/shared/common/status';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shop/shared/reports/schemas';
import type { CsvOrderRow } from './reports.repository.ts';

export const CSV_HEADER = [
  'Order number',
  'Paid at (IST)',
  'Customer',
  'Mobile',
  'Service',
  'Pages',
  'Copies',
  'Sides',
  'Pickup or delivery',
  'Status',
  'Payment method',
  'Payment id',
  'Subtotal (₹)',
  'Discount (₹)',
  'Delivery charge (₹)',
  'Total paid (₹)',
];

// Made with the first export: a formatter made at start loads ICU's tables (idle memory, decision 044).
let ist: Intl.DateTimeFormat | undefined;

/** 24/11/2026 14:05, the way Indian spreadsheets read a date. */
export function istDateTime(d: Date | null): string {
  ist ??= new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return d ? ist.format(d).replace(',', '') : '';
}

/** Paise as a plain number a spreadsheet sums: 1234.50 (no grouping, no symbol: the header names the currency). */
const amount = (paise: number) => (paise / 100).toFixed(2);

/**
 * One CSV cell (RFC 4180). Text a customer typed that starts like a formula (=, +, -, @, tab, CR) gets a leading
 * apostrophe so a spreadsheet shows it instead of running it (OWASP "CSV injection").
 */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csvLine(cells: Array<string | number>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function orderCsvLine(o: CsvOrderRow): string {
  return csvLine([
    o.orderNumber,
    istDateTime(o.paidAt),
    o.userName,
    o.mobileNumber,
    o.serviceName,
    o.pageCount,
    o.copies,
    o.sides === 'double' ? 'Double' : 'Single',
    o.deliveryType === 'pickup' ? 'Pickup' : 'Delivery',
    backOfficeStatusLabel(o.status, o.deliveryType),
    PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod,
    o.paymentId ?? '',
    amount(o.subtotal),
    amount(o.discountAmount),
    amount(o.deliveryCharge),
    amount(o.totalAmount),
  ]);
}

/**
 * The whole file, streamed: a byte-order mark so spreadsheet programs read Telugu names as UTF-8, the header, the
 * orders, then the range's refunds (refunds-csv.ts).
 */
export async function* ordersCsv(rows: AsyncIterable<CsvOrderRow>, refundLines: () => Promise<string[]> = async () => []): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_HEADER)}`;
  let chunk = '';
  for await (const row of rows) {
    chunk += orderCsvLine(row);
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
  const refunds = (await refundLines()).join('');
  if (refunds) yield refunds;
}
