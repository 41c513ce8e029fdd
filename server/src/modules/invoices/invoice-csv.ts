import type { InvoiceRow } from './invoices.service.ts';

const HEADER = ['Document', 'Number', 'Date', 'Order', 'Against invoice', 'Customer GSTIN', 'Customer', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total'];

const rupees = (paise: number) => (paise / 100).toFixed(2);
const istDate = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** A cell as CSV: quoted, and a leading = + - @ defused so a spreadsheet never runs a customer's name as a formula. */
function cell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A month's invoices then credit notes, GSTR-1 style, figures in rupees with two decimals. */
export function monthCsv(rows: Array<{ doc: InvoiceRow; orderNumber: string }>): string {
  const serialOf = new Map(rows.map((r) => [r.doc.id, r.doc.serial]));
  const out = [HEADER.map(cell).join(',')];
  for (const { doc, orderNumber } of rows) {
    out.push(
      [
        doc.kind === 'credit_note' ? 'Credit note' : { receipt: 'Receipt', bill_of_supply: 'Bill of supply', tax_invoice: 'Tax invoice' }[doc.documentType],
        doc.serial,
        istDate(doc.issuedAt),
        orderNumber,
        doc.referencesInvoiceId ? (serialOf.get(doc.referencesInvoiceId) ?? String(doc.referencesInvoiceId)) : '',
        doc.customerGstin ?? '',
        doc.billingName ?? doc.customerName,
        rupees(doc.taxablePaise),
        rupees(doc.cgstPaise),
        rupees(doc.sgstPaise),
        rupees(doc.igstPaise),
        rupees(doc.grossPaise),
      ]
        .map((v) => cell(String(v)))
        .join(','),
    );
  }
  return out.join('\r\n') + '\r\n';
}
