import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceRow, IssuedLine, Supplier } from './invoices.service.ts';

const TITLES = { receipt: 'Receipt', bill_of_supply: 'Bill of Supply', tax_invoice: 'Tax Invoice' } as const;

/** Paise as rupees with two decimals; "Rs." because the standard PDF fonts have no rupee sign. */
const rs = (paise: number) => `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The standard fonts encode WinAnsi only: anything else (a Telugu file name, an emoji) becomes '?', never an error. */
const safe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

const istDate = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('-');

/**
 * The document as an A4 PDF, English only (docs/decisions/015-gst-invoices.md): Rule 46 / 49 particulars, lines with
 * SAC, quantity, value, taxable value and tax, totals, place of supply and reverse charge.
 */
export async function invoicePdf(doc: InvoiceRow, orderNumber: string, invoiceSerial?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.serial} ${orderNumber}`);
  pdf.setProducer('print-shop');
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supplier = doc.supplier as Supplier;
  const lines = doc.lines as IssuedLine[];
  let y = 800;
  const text = (s: string, x: number, f: PDFFont = font, size = 10, p: PDFPage = page) => p.drawText(safe(s), { x, y, size, font: f, color: rgb(0, 0, 0) });
  const right = (s: string, xRight: number, f: PDFFont = font, size = 9) => page.drawText(safe(s), { x: xRight - f.widthOfTextAtSize(safe(s), size), y, size, font: f });

  const title = doc.kind === 'credit_note' ? 'Credit Note' : TITLES[doc.documentType];
  text(title, 40, bold, 16);
  y -= 22;
  text(supplier.name, 40, bold, 11);
  y -= 14;
  text(supplier.address.slice(0, 110), 40);
  y -= 14;
  if (supplier.gstin) {
    text(`GSTIN: ${supplier.gstin}`, 40);
    y -= 14;
  }
  y -= 6;
  text(`${doc.kind === 'credit_note' ? 'Credit note' : 'Serial'} no.: ${doc.serial}`, 40, bold);
  text(`Date: ${istDate(doc.issuedAt)}`, 380);
  y -= 14;
  text(`Order: ${orderNumber}`, 40);
  if (invoiceSerial) text(`Against invoice: ${invoiceSerial}`, 380);
  y -= 14;
  text(`Customer: ${(doc.billingName ?? doc.customerName).slice(0, 80)}`, 40);
  y -= 14;
  if (doc.customerGstin) {
    text(`Customer GSTIN: ${doc.customerGstin}`, 40);
    y -= 14;
  }
  text('Place of supply: Andhra Pradesh (37)', 40);
  text('Reverse charge: No', 380);
  y -= 14;
  if (doc.reason) {
    text(`Reason: ${doc.reason.slice(0, 90)}`, 40);
    y -= 14;
  }

  y -= 10;
  // Right edges for the figures, far enough apart for six-figure rupee amounts.
  const cols = { desc: 40, sac: 240, qty: 290, taxable: 360, tax: 440, value: 555 };
  const taxHead = doc.taxKind === 'inter' ? 'IGST' : 'CGST+SGST';
  text('Description', cols.desc, bold, 9);
  text('SAC', cols.sac, bold, 9);
  right('Qty', cols.qty + 20, bold);
  right('Taxable', cols.taxable + 40, bold);
  right(doc.taxKind === 'none' ? '' : taxHead, cols.tax + 40, bold);
  right('Value', cols.value, bold);
  y -= 14;
  for (const l of lines) {
    text(l.description.slice(0, 38), cols.desc, font, 9);
    text(l.sac, cols.sac, font, 9);
    right(String(l.quantity), cols.qty + 20);
    right(rs(l.taxablePaise), cols.taxable + 40);
    if (doc.taxKind !== 'none') right(rs(l.cgstPaise + l.sgstPaise + l.igstPaise), cols.tax + 40);
    right(rs(l.grossPaise), cols.value);
    y -= 13;
  }

  y -= 10;
  const rate = supplier.rateBp / 100;
  const total = (label: string, paise: number, f: PDFFont = font) => {
    right(label, 450, f, 10);
    right(rs(paise), cols.value, f, 10);
    y -= 14;
  };
  if (doc.taxKind !== 'none') {
    total('Taxable value', doc.taxablePaise);
    if (doc.taxKind === 'inter') total(`IGST @ ${rate}%`, doc.igstPaise);
    else {
      total(`CGST @ ${rate / 2}%`, doc.cgstPaise);
      total(`SGST @ ${rate / 2}%`, doc.sgstPaise);
    }
  }
  total('Total', doc.grossPaise, bold);

  y -= 16;
  if (doc.documentType === 'bill_of_supply') {
    text('Composition taxable person, not eligible to collect tax on supplies.', 40, font, 9);
    y -= 13;
  }
  if (doc.documentType === 'receipt') {
    text('The shop is not registered under GST: no tax is charged.', 40, font, 9);
    y -= 13;
  }
  text('This is a computer-generated invoice.', 40, font, 9);
  return pdf.save();
}
