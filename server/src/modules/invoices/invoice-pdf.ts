import { PDFDocument, rgb, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { stateLabel } from '@shop/shared/gst/states';
import type { Language } from '../../lib/i18n.ts';
import { invoiceText } from './i18n/index.ts';
import { quantityText } from './invoice-lines.ts';
import type { InvoiceRow, IssuedLine, Recipient, Supplier } from './invoices.service.ts';
import { PdfText } from './pdf-text.ts';
import { addSignatureField, signSavedPdf, type SigningSetup } from './pdf-sign.ts';
import { shopDay } from '@shop/shared/common/shop-clock';

/** Paise as rupees with two decimals; "Rs." as bills in India print it (and Helvetica has no rupee sign). */
const rs = (paise: number) =>
  `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** 05-11-2026: the date as the shop's calendar (IST) reads it. */
export const istDate = (d: Date) => shopDay(d).split('-').reverse().join('-');
const INK = rgb(0, 0, 0);
const GREY = rgb(0.33, 0.36, 0.42);
const RULE = rgb(0.75, 0.78, 0.82);
const PAGE: [number, number] = [595.28, 841.89];
const LEFT = 40;
const RIGHT = 555;
const BOTTOM = 60;

export interface InvoicePdfExtras {
  /** For a credit note or refund receipt: the document it reduces (its number and date are printed: Rule 53). */
  original?: { serial: string; issuedAt: Date; documentType: InvoiceRow['documentType'] } | null;
  language?: Language;
  /** The signature image the admin set, as issued with the document. */
  signatureImage?: { contentType: string; bytes: Uint8Array } | null;
  /** The shop's certificate: the document is then digitally signed. */
  signing?: SigningSetup | null;
}

/**
 * The document as an A4 PDF (docs/decisions/015, 037): CGST Rule 46 (tax invoice), 49 (bill of supply), 53 (credit
 * note) particulars, or a plain receipt for a shop outside GST that looks like none of them (no SAC, taxable value,
 * place of supply, reverse charge or "invoice"). Lines carry what was printed, its SAC and quantity; intra-state the
 * CGST and SGST halves are equal. It ends with the authorised signatory (name, the admin's signature image) and, with
 * a certificate, a PDF digital signature. Text in Telugu and other Indian scripts is shaped by HarfBuzz with its logical
 * text kept for extraction (pdf-text.ts). For a customer who reads Telugu the title and main labels carry their
 * Telugu alongside (decision 029).
 */
export async function invoicePdf(
  doc: InvoiceRow,
  orderNumber: string,
  extras: InvoicePdfExtras = {},
): Promise<Uint8Array> {
  const language = extras.language ?? 'en';
  const supplier = doc.supplier as Supplier;
  const lines = doc.lines as IssuedLine[];
  const recipient = (doc.recipient as Recipient | null) ?? {
    name: doc.billingName ?? doc.customerName,
    address: null,
    stateCode: null,
    deliveryAddress: null,
  };
  const isNote = doc.kind === 'credit_note';
  const isReceipt = doc.documentType === 'receipt';
  const isTaxDoc = doc.documentType === 'tax_invoice';
  const titleKey = isNote ? (isReceipt ? 'refund_receipt' : 'credit_note') : doc.documentType;

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.serial} ${orderNumber}`);
  pdf.setProducer('print-shop');
  // Noto Sans and HarfBuzz (~0.2 s) only when some text needs them; plain Latin stays in Helvetica (~20 ms).
  const texts = [
    doc.customerName,
    doc.billingName ?? '',
    doc.reason ?? '',
    supplier.name,
    supplier.address,
    supplier.signatoryName ?? '',
    recipient.name,
    recipient.address ?? '',
    recipient.deliveryAddress ?? '',
    ...lines.map((l) => l.description),
  ];
  const plain = language === 'en' && texts.every((t) => /^[\x20-\x7e]*$/.test(t));
  const text = await PdfText.create(pdf, { embedded: !plain });
  const teluguShown = language === 'te' && text.canDraw('telugu');
  const en = invoiceText.in('en');
  const te = invoiceText.in('te');
  type Key = Parameters<typeof en>[0];
  /** "English / Telugu" for a Telugu reader, English alone otherwise. */
  const both = (key: Key, values?: Record<string, string>) =>
    teluguShown ? `${en(key, values)} / ${te(key, values)}` : en(key, values);

  let page: PDFPage = pdf.addPage(PAGE);
  let y = 800;
  const put = async (s: string, x: number, opts: { bold?: boolean; size?: number; color?: RGB } = {}) =>
    text.draw(page, s, x, y, { size: opts.size ?? 10, bold: opts.bold, color: opts.color ?? INK });
  const right = async (s: string, xRight: number, opts: { bold?: boolean; size?: number; color?: RGB } = {}) => {
    const size = opts.size ?? 9;
    return put(s, xRight - (await text.width(s, size, opts.bold)), { ...opts, size });
  };
  /** Words wrapped to a width: lines of text, never cut. */
  const wrap = async (s: string, width: number, size: number, bold = false): Promise<string[]> => {
    const out: string[] = [];
    let line = '';
    for (const word of s.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (!line || (await text.width(next, size, bold)) <= width) line = next;
      else {
        out.push(line);
        line = word;
      }
    }
    if (line) out.push(line);
    return out.length ? out : [''];
  };
  const paragraph = async (
    s: string,
    x: number,
    width: number,
    opts: { size?: number; bold?: boolean; color?: RGB; lead?: number } = {},
  ) => {
    const size = opts.size ?? 10;
    for (const l of await wrap(s, width, size, opts.bold)) {
      await ensure(opts.lead ?? size + 4);
      await put(l, x, opts);
      y -= opts.lead ?? size + 4;
    }
  };
  const rule = () =>
    page.drawLine({ start: { x: LEFT, y: y + 10 }, end: { x: RIGHT, y: y + 10 }, thickness: 0.5, color: RULE });
  /** Starts a new page when fewer than `height` points are left; the new page names the document it continues. */
  const ensure = async (height: number) => {
    if (y - height >= BOTTOM) return;
    page = pdf.addPage(PAGE);
    y = 800;
    await put(`${en(titleKey)} ${doc.serial} (continued)`, LEFT, { size: 9, color: GREY });
    y -= 20;
  };

  // Title; a bill of supply says at its top that its supplier may not collect tax (CGST Rule 5(1)(g)).
  const titleEnd = await put(en(titleKey), LEFT, { bold: true, size: 16 });
  if (teluguShown) await put(te(titleKey), titleEnd + 12, { bold: true, size: 13, color: GREY });
  y -= 18;
  if (doc.documentType === 'bill_of_supply') {
    await put(en('composition'), LEFT, { bold: true, size: 9 });
    y -= 12;
    if (teluguShown) {
      await put(te('composition'), LEFT, { size: 9, color: GREY });
      y -= 12;
    }
  }
  y -= 6;

  // Supplier (left) and the document's number and date (right).
  const top = y;
  await put(supplier.name, LEFT, { bold: true, size: 11 });
  y -= 14;
  await paragraph(supplier.address, LEFT, 300, { size: 9, lead: 12 });
  if (supplier.gstin) {
    await put(`GSTIN: ${supplier.gstin}`, LEFT, { size: 9 });
    y -= 12;
  }
  if (!isReceipt) {
    await put(`State: ${stateLabel(supplier.stateCode)}`, LEFT, { size: 9 });
    y -= 12;
  }
  const leftEnd = y;
  y = top;
  await put(`No.: ${doc.serial}`, 360, { bold: true });
  y -= 14;
  await put(`Date: ${istDate(doc.issuedAt)}`, 360);
  y -= 14;
  await put(`Order: ${orderNumber}`, 360, { size: 9 });
  y = Math.min(y - 14, leftEnd) - 8;

  if (isNote && extras.original) {
    await paragraph(
      both('original', {
        kind: extras.original.documentType,
        serial: extras.original.serial,
        date: istDate(extras.original.issuedAt),
      }),
      LEFT,
      RIGHT - LEFT,
      { bold: true, size: 9, lead: 13 },
    );
  }

  // The recipient: a registered one's name, GSTIN and address; an unregistered one's as the rules ask (decision 037).
  rule();
  const labelEnd = await put(`${both('customer')}:`, LEFT, { bold: true });
  await put(recipient.name, labelEnd + 4);
  y -= 14;
  if (doc.customerGstin) {
    await put(`GSTIN: ${doc.customerGstin}`, LEFT, { size: 9 });
    y -= 12;
  }
  if (recipient.address) await paragraph(`Address: ${recipient.address}`, LEFT, RIGHT - LEFT, { size: 9, lead: 12 });
  if (recipient.stateCode && !isReceipt) {
    await put(`State: ${stateLabel(recipient.stateCode)}`, LEFT, { size: 9 });
    y -= 12;
  }
  if (recipient.deliveryAddress && recipient.deliveryAddress !== recipient.address)
    await paragraph(`Delivery address: ${recipient.deliveryAddress}`, LEFT, RIGHT - LEFT, { size: 9, lead: 12 });
  if (isTaxDoc) {
    await put(`${both('placeOfSupply')}: ${stateLabel(doc.placeOfSupply)}`, LEFT, { size: 9 });
    await put('Reverse charge: No', 400, { size: 9 });
    y -= 12;
  }
  if (doc.reason) await paragraph(`${both('reason')}: ${doc.reason}`, LEFT, RIGHT - LEFT, { size: 9, lead: 12 });
  y -= 12;

  // The lines: one per document printed (and the delivery), with its SAC, quantity and figures.
  const taxed = doc.taxKind !== 'none';
  const intra = doc.taxKind === 'intra';
  const rate = supplier.rateBp / 100;
  const col = taxed
    ? intra
      ? { desc: LEFT, descWidth: 170, sac: 218, qty: 300, taxable: 365, a: 425, b: 485, value: RIGHT }
      : { desc: LEFT, descWidth: 200, sac: 248, qty: 330, taxable: 400, a: 470, b: 0, value: RIGHT }
    : { desc: LEFT, descWidth: isReceipt ? 330 : 280, sac: 330, qty: 470, taxable: 0, a: 0, b: 0, value: RIGHT };
  const header = async () => {
    rule();
    await put('Description', col.desc, { bold: true, size: 8 });
    if (!isReceipt) await put('SAC', col.sac, { bold: true, size: 8 });
    await right(isNote ? '' : 'Quantity', col.qty, { bold: true, size: 8 });
    if (taxed) {
      await right('Taxable value', col.taxable, { bold: true, size: 8 });
      if (intra) {
        await right(`CGST ${rate / 2}%`, col.a, { bold: true, size: 8 });
        await right(`SGST ${rate / 2}%`, col.b, { bold: true, size: 8 });
      } else await right(`IGST ${rate}%`, col.a, { bold: true, size: 8 });
    }
    await right('Amount', col.value, { bold: true, size: 8 });
    y -= 14;
  };
  await header();
  for (const l of lines) {
    const descLines = await wrap(l.description, col.descWidth, 8.5);
    if (y - descLines.length * 11 < BOTTOM) {
      await ensure(descLines.length * 11 + 30);
      await header();
    }
    const rowTop = y;
    if (!isReceipt) await put(l.sac, col.sac, { size: 8.5 });
    // A line issued before units were recorded printed copies; it keeps its plain number.
    if (!isNote)
      await right(
        l.unit ? quantityText({ quantity: l.quantity ?? 0, unit: l.unit }) : String(l.quantity ?? ''),
        col.qty,
        { size: 8.5 },
      );
    if (taxed) {
      await right(rs(l.taxablePaise), col.taxable, { size: 8.5 });
      if (intra) {
        await right(rs(l.cgstPaise), col.a, { size: 8.5 });
        await right(rs(l.sgstPaise), col.b, { size: 8.5 });
      } else await right(rs(l.igstPaise), col.a, { size: 8.5 });
    }
    await right(rs(l.grossPaise), col.value, { size: 8.5 });
    for (const d of descLines) {
      await put(d, col.desc, { size: 8.5 });
      y -= 11;
    }
    y = Math.min(y, rowTop - 11) - 3;
  }
  y -= 6;
  rule();

  // Totals: the sums of the lines, so they always add up.
  const total = async (label: string, paise: number, bold = false) => {
    await ensure(16);
    await right(label, 440, { bold, size: 10 });
    await right(rs(paise), col.value, { bold, size: 10 });
    y -= 15;
  };
  if (taxed) {
    await total('Taxable value', doc.taxablePaise);
    if (intra) {
      await total(`CGST @ ${rate / 2}%`, doc.cgstPaise);
      await total(`SGST @ ${rate / 2}%`, doc.sgstPaise);
    } else await total(`IGST @ ${rate}%`, doc.igstPaise);
  }
  await total(both(isNote && isReceipt ? 'refunded' : 'total'), doc.grossPaise, true);

  // The authorised signatory (CGST Rule 46(q)): for the supplier, the admin's signature image, the name.
  y -= 10;
  const image: PDFImage | null = extras.signatureImage
    ? extras.signatureImage.contentType === 'image/png'
      ? await pdf.embedPng(extras.signatureImage.bytes)
      : await pdf.embedJpg(extras.signatureImage.bytes)
    : null;
  const imageBox = image ? image.scaleToFit(150, 45) : { width: 0, height: 0 };
  await ensure(70 + imageBox.height);
  await right(en('forShop', { name: supplier.name }), RIGHT, { size: 9, bold: true });
  y -= 8;
  if (image) {
    page.drawImage(image, {
      x: RIGHT - imageBox.width,
      y: y - imageBox.height,
      width: imageBox.width,
      height: imageBox.height,
    });
    y -= imageBox.height + 4;
  } else y -= 28;
  if (extras.signing) {
    await right(both('digitallySigned'), RIGHT, { size: 8, color: GREY });
    y -= 11;
  }
  if (supplier.signatoryName) {
    await right(supplier.signatoryName, RIGHT, { size: 9 });
    y -= 12;
  }
  await right(both('signatory'), RIGHT, { size: 9 });
  y -= 22;

  const note = async (key: Key) => {
    await ensure(30);
    await put(en(key), LEFT, { size: 9 });
    y -= 13;
    if (teluguShown) {
      await put(te(key), LEFT, { size: 9, color: GREY });
      y -= 15;
    }
  };
  if (isReceipt) await note('unregistered');
  if (isTaxDoc && !isNote) await note('computerGenerated');

  await text.finish();
  if (!extras.signing) return pdf.save();
  await addSignatureField(
    pdf,
    extras.signing,
    `${en(titleKey)} ${doc.serial}`,
    supplier.signatoryName ?? supplier.name,
  );
  return signSavedPdf(await pdf.save({ useObjectStreams: false }), extras.signing);
}
