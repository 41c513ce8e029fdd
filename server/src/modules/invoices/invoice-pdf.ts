import { PDFDocument, rgb, type RGB } from 'pdf-lib';
import type { Language } from '../../lib/i18n.ts';
import { cachingFontkit, Fonts } from '../printing/ticket-fonts.ts';
import { invoiceText } from './i18n/index.ts';
import type { InvoiceRow, IssuedLine, Supplier } from './invoices.service.ts';

/** Paise as rupees with two decimals; "Rs." as bills in India print it (and the fallback font has no rupee sign). */
const rs = (paise: number) => `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const istDate = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('-');
const INK = rgb(0, 0, 0);
const GREY = rgb(0.33, 0.36, 0.42);

/**
 * The document as an A4 PDF (docs/decisions/015-gst-invoices.md): Rule 46 / 49 particulars, lines with SAC, quantity,
 * value, taxable value and tax, totals, place of supply and reverse charge. English; in Noto Sans (Debian's
 * fonts-noto-core) when a name, reason or line is not plain Latin, so names typed in Telugu or Hindi print as typed,
 * shaped by fontkit (Helvetica otherwise, and when the fonts are missing). For a
 * customer who reads Telugu the title, the customer and total labels and the closing notes carry their Telugu
 * alongside (decision 029), when the Telugu font is there to draw them.
 */
export async function invoicePdf(doc: InvoiceRow, orderNumber: string, invoiceSerial?: string, language: Language = 'en'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(await cachingFontkit());
  pdf.setTitle(`${doc.serial} ${orderNumber}`);
  pdf.setProducer('print-shop');
  const page = pdf.addPage([595.28, 841.89]);
  // Noto Sans (parsed and subset, ~0.2 s of CPU) only when some text needs it; plain Latin stays in Helvetica (~20 ms).
  const plain = language === 'en' && [doc.customerName, doc.billingName ?? '', doc.reason ?? '', (doc.supplier as Supplier).name, (doc.supplier as Supplier).address, ...(doc.lines as IssuedLine[]).map((l) => l.description)].every((t) => /^[\x20-\x7e]*$/.test(t));
  const fonts = new Fonts(pdf, { embedded: !plain });
  const teluguShown = language === 'te' && (await fonts.canDraw('telugu'));
  const en = invoiceText.in('en');
  const te = invoiceText.in('te');
  /** "English / Telugu" for a Telugu reader, English alone otherwise. */
  const both = (key: Parameters<typeof en>[0]) => (teluguShown ? `${en(key)} / ${te(key)}` : en(key));
  const supplier = doc.supplier as Supplier;
  const lines = doc.lines as IssuedLine[];
  let y = 800;

  const width = async (s: string, size: number, bold = false) => {
    let w = 0;
    for (const r of await fonts.runs(s, bold)) w += r.font.widthOfTextAtSize(r.text, size);
    return w;
  };
  const text = async (s: string, x: number, opts: { bold?: boolean; size?: number; color?: RGB } = {}) => {
    let cx = x;
    const size = opts.size ?? 10;
    for (const r of await fonts.runs(s, !!opts.bold)) {
      page.drawText(r.text, { x: cx, y, size, font: r.font, color: opts.color ?? INK });
      cx += r.font.widthOfTextAtSize(r.text, size);
    }
    return cx;
  };
  const right = async (s: string, xRight: number, opts: { bold?: boolean; size?: number } = {}) => text(s, xRight - (await width(s, opts.size ?? 9, opts.bold)), { size: 9, ...opts });

  const titleKey = doc.kind === 'credit_note' ? 'credit_note' : doc.documentType;
  const titleEnd = await text(en(titleKey), 40, { bold: true, size: 16 });
  if (teluguShown) await text(te(titleKey), titleEnd + 12, { bold: true, size: 13, color: GREY });
  y -= 22;
  await text(supplier.name, 40, { bold: true, size: 11 });
  y -= 14;
  await text(supplier.address.slice(0, 110), 40);
  y -= 14;
  if (supplier.gstin) {
    await text(`GSTIN: ${supplier.gstin}`, 40);
    y -= 14;
  }
  y -= 6;
  await text(`${doc.kind === 'credit_note' ? 'Credit note' : 'Serial'} no.: ${doc.serial}`, 40, { bold: true });
  await text(`Date: ${istDate(doc.issuedAt)}`, 380);
  y -= 14;
  await text(`Order: ${orderNumber}`, 40);
  if (invoiceSerial) await text(`Against invoice: ${invoiceSerial}`, 380);
  y -= 14;
  await text(`${both('customer')}: ${(doc.billingName ?? doc.customerName).slice(0, 80)}`, 40);
  y -= 14;
  if (doc.customerGstin) {
    await text(`Customer GSTIN: ${doc.customerGstin}`, 40);
    y -= 14;
  }
  await text('Place of supply: Andhra Pradesh (37)', 40);
  await text('Reverse charge: No', 380);
  y -= 14;
  if (doc.reason) {
    await text(`${both('reason')}: ${doc.reason.slice(0, 90)}`, 40);
    y -= 14;
  }

  y -= 10;
  // Right edges for the figures, far enough apart for six-figure rupee amounts.
  const cols = { desc: 40, sac: 240, qty: 290, taxable: 360, tax: 440, value: 555 };
  const taxHead = doc.taxKind === 'inter' ? 'IGST' : 'CGST+SGST';
  await text('Description', cols.desc, { bold: true, size: 9 });
  await text('SAC', cols.sac, { bold: true, size: 9 });
  await right('Qty', cols.qty + 20, { bold: true });
  await right('Taxable', cols.taxable + 40, { bold: true });
  if (doc.taxKind !== 'none') await right(taxHead, cols.tax + 40, { bold: true });
  await right('Value', cols.value, { bold: true });
  y -= 14;
  for (const l of lines) {
    await text(l.description.slice(0, 38), cols.desc, { size: 9 });
    await text(l.sac, cols.sac, { size: 9 });
    await right(String(l.quantity), cols.qty + 20);
    await right(rs(l.taxablePaise), cols.taxable + 40);
    if (doc.taxKind !== 'none') await right(rs(l.cgstPaise + l.sgstPaise + l.igstPaise), cols.tax + 40);
    await right(rs(l.grossPaise), cols.value);
    y -= 13;
  }

  y -= 10;
  const rate = supplier.rateBp / 100;
  const total = async (label: string, paise: number, bold = false) => {
    await right(label, 450, { bold, size: 10 });
    await right(rs(paise), cols.value, { bold, size: 10 });
    y -= 14;
  };
  if (doc.taxKind !== 'none') {
    await total('Taxable value', doc.taxablePaise);
    if (doc.taxKind === 'inter') await total(`IGST @ ${rate}%`, doc.igstPaise);
    else {
      await total(`CGST @ ${rate / 2}%`, doc.cgstPaise);
      await total(`SGST @ ${rate / 2}%`, doc.sgstPaise);
    }
  }
  await total(both('total'), doc.grossPaise, true);

  y -= 16;
  const note = async (key: Parameters<typeof en>[0]) => {
    await text(en(key), 40, { size: 9 });
    y -= 13;
    if (teluguShown) {
      await text(te(key), 40, { size: 9, color: GREY });
      y -= 15;
    }
  };
  if (doc.documentType === 'bill_of_supply') await note('composition');
  if (doc.documentType === 'receipt') await note('unregistered');
  await note('computerGenerated');
  return pdf.save();
}
