import type { InvoiceRow } from './invoices.service.ts';
import { shopDay } from '@shop/shared/common/shop-clock';
import { csvLine } from '../../lib/csv.ts';

/** Every cell quoted, as accountants' tools read a register. */
const ALWAYS = { quote: 'always' } as const;

const HEADER = [
  'Document',
  'Number',
  'Date',
  'Order',
  'Against invoice',
  'Against invoice date',
  'Customer GSTIN',
  'Customer',
  'Place of supply',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
];

const rupees = (paise: number) => (paise / 100).toFixed(2);
const istDate = (d: Date) => shopDay(d);

const NAMES = { receipt: 'Receipt', bill_of_supply: 'Bill of supply', tax_invoice: 'Tax invoice' } as const;

/**
 * A month's documents as a register (invoices, then credit notes) for the accountant: a credit note names the invoice
 * it reduces by number and date, whatever month that invoice was issued in. GSTR-1 itself is gstr1.ts.
 */
export function monthCsv(
  rows: Array<{ doc: InvoiceRow; orderNumber: string; original: { serial: string; issuedAt: Date } | null }>,
): string {
  const out = [csvLine(HEADER, ALWAYS)];
  for (const { doc, orderNumber, original } of rows) {
    const name =
      doc.kind === 'credit_note'
        ? doc.documentType === 'receipt'
          ? 'Refund receipt'
          : 'Credit note'
        : NAMES[doc.documentType];
    out.push(
      csvLine(
        [
          name,
          doc.serial,
          istDate(doc.issuedAt),
          orderNumber,
          original?.serial ?? '',
          original ? istDate(original.issuedAt) : '',
          doc.customerGstin ?? '',
          doc.billingName ?? doc.customerName,
          doc.documentType === 'receipt' ? '' : doc.placeOfSupply,
          rupees(doc.taxablePaise),
          rupees(doc.cgstPaise),
          rupees(doc.sgstPaise),
          rupees(doc.igstPaise),
          rupees(doc.grossPaise),
        ],
        ALWAYS,
      ),
    );
  }
  return out.join('');
}
