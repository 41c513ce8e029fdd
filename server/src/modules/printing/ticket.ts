import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { cachingFontkit, Fonts } from '../../lib/pdf-fonts.ts';

/**
 * The job ticket: a cover sheet printed on top of an order's pages (more sheets only for a cover of many documents), so the clerk can match paper to order
 * at a glance. Pure: it draws what it is given (ticket-data.ts builds that from an order).
 * Names and addresses may be in Telugu or Hindi (lib/pdf-fonts.ts).
 */
export interface TicketData {
  shopName: string;
  orderNumber: string;
  /** What the QR code holds (the order number). */
  qrText: string;
  customerName: string;
  customerPhone: string;
  delivery: { type: 'pickup' | 'delivery'; address: string };
  documents: Array<{
    name: string;
    /** e.g. "38 (all)" or "1–5, 8 (6 of 40)" */
    pages: string;
    copies: number;
    sides: string;
    paper: string;
    printing: string;
    binding: string;
  }>;
  paid: string;
  paidAt: string | null;
  /** "Ready by 4:30 pm, 25 Nov": the promised time (decision 025), and whether the customer waits at the counter. */
  readyBy: string | null;
  waiting?: boolean;
  /** The printer and job, when the ticket goes with a print job. */
  job?: { printer: string; id: number; attempt: number; sheets: number; manualDuplex: boolean };
  printedAt: string;
  /** Page size in points: the job's paper, so the ticket comes from the same tray. */
  size: [number, number];
}

const INK = rgb(0.07, 0.09, 0.15);
const GREY = rgb(0.4, 0.43, 0.5);

export async function renderTicket(data: TicketData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(await cachingFontkit());
  doc.setTitle(`Ticket ${data.orderNumber}`);
  doc.setCreator(data.shopName);
  const fonts = new Fonts(doc);
  const [width, height] = data.size;
  let page = doc.addPage([width, height]);
  // Laid out for A4 width; bigger paper scales it up, smaller paper down.
  const s = width / 595;
  const margin = 40 * s;
  let y = height - margin;

  const measure = async (text: string, size: number, bold = false) => {
    let w = 0;
    for (const r of await fonts.runs(text, bold)) w += r.font.widthOfTextAtSize(r.text, size * s);
    return w;
  };
  const draw = async (
    p: PDFPage,
    text: string,
    x: number,
    yy: number,
    size: number,
    opts: { bold?: boolean; color?: ReturnType<typeof rgb> } = {},
  ) => {
    let cx = x;
    for (const r of await fonts.runs(text, !!opts.bold)) {
      p.drawText(r.text, { x: cx, y: yy, size: size * s, font: r.font, color: opts.color ?? INK });
      cx += r.font.widthOfTextAtSize(r.text, size * s);
    }
  };
  /** Word-wrapped text; at most maxLines lines (the last one cut with an ellipsis). Returns the lines drawn. */
  const wrap = async (
    text: string,
    x: number,
    maxWidth: number,
    size: number,
    maxLines: number,
    opts: { bold?: boolean; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if ((await measure(next, size, opts.bold)) <= maxWidth || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    const shown = lines.slice(0, maxLines);
    if (lines.length > maxLines) shown[maxLines - 1] = `${shown[maxLines - 1]!.replace(/\s*\S{0,3}$/, '')}…`;
    for (const l of shown) {
      // A single word wider than the line (a long file name) is cut to fit.
      let fit = l;
      while (fit.length > 1 && (await measure(fit, size, opts.bold)) > maxWidth) fit = `${fit.slice(0, -2)}…`;
      await draw(page, fit, x, y, size, opts);
      y -= size * s * 1.3;
    }
    return shown.length;
  };

  // Header: shop, "Job ticket", and the QR code at the right.
  const qrSize = 112 * s;
  const qrX = width - margin - qrSize;
  await draw(page, data.shopName, margin, y - 12 * s, 12, { bold: true, color: GREY });
  y -= 12 * s + 14 * s;
  await draw(page, 'JOB TICKET', margin, y - 10 * s, 10, { color: GREY });
  y -= 10 * s + 10 * s;
  drawQr(page, data.qrText, qrX, height - margin - qrSize, qrSize);

  // The order number, as large as fits left of the QR code.
  let numberSize = 40;
  while (numberSize > 18 && (await measure(data.orderNumber, numberSize, true)) > qrX - margin - 12 * s)
    numberSize -= 2;
  y -= numberSize * s * 0.8;
  await draw(page, data.orderNumber, margin, y, numberSize, { bold: true });
  y -= 24 * s;
  await draw(page, `Paid ${data.paid}${data.paidAt ? ` · ${data.paidAt}` : ''}`, margin, y, 13, { color: GREY });
  y = Math.min(y, height - margin - qrSize) - 30 * s;

  await wrap(data.customerName, margin, width - 2 * margin, 22, 2, { bold: true });
  await draw(page, data.customerPhone, margin, y, 16);
  y -= 28 * s;
  const isPickup = data.delivery.type === 'pickup';
  await draw(
    page,
    `${isPickup ? 'SHOP PICKUP' : 'HOME DELIVERY'}${data.waiting ? ' · CUSTOMER WAITING' : ''}`,
    margin,
    y,
    15,
    { bold: true },
  );
  y -= 19 * s;
  if (data.readyBy) {
    await draw(page, `Ready by ${data.readyBy}`, margin, y, 13, { bold: true });
    y -= 17 * s;
  }
  if (!isPickup && data.delivery.address) await wrap(data.delivery.address, margin, width - 2 * margin, 12, 3);
  y -= 8 * s;
  page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.8 * s, color: GREY });
  y -= 26 * s;

  const labelX = margin;
  const valueX = margin + 96 * s;
  const valueWidth = width - margin - valueX;
  for (const d of data.documents) {
    await wrap(d.name, margin, width - 2 * margin, 15, 2, { bold: true });
    y -= 4 * s;
    const rows: Array<[string, string]> = [
      ['Pages', d.pages],
      ['Copies', `${d.copies}${d.copies > 1 ? ' (collated)' : ''}`],
      ['Sides', d.sides],
      ['Paper', d.paper],
      ['Print', d.printing],
      ['Binding', d.binding],
    ];
    for (const [label, value] of rows) {
      await draw(page, label, labelX, y, 12, { color: GREY });
      await wrap(value, valueX, valueWidth, 14, 2, { bold: label === 'Copies' || label === 'Sides' });
      y -= 4 * s;
    }
    y -= 10 * s;
    // The cover sheet of a large order goes on over more sheets: every document is on it, none left out.
    if (y < margin + 150 * s && d !== data.documents.at(-1)) {
      await draw(page, 'Continued on the next sheet', margin, margin + 4 * s, 11, { color: GREY });
      page = doc.addPage([width, height]);
      y = height - margin - 16 * s;
      await draw(page, `${data.orderNumber} (continued, sheet ${doc.getPageCount()})`, margin, y, 16, { bold: true });
      y -= 36 * s;
    }
  }

  if (data.job) {
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.8 * s, color: GREY });
    y -= 20 * s;
    await wrap(
      `Printer: ${data.job.printer} · print job ${data.job.id}${data.job.attempt > 1 ? `, attempt ${data.job.attempt}` : ''} · ${data.job.sheets} sheets including this one`,
      margin,
      width - 2 * margin,
      11,
      2,
      { color: GREY },
    );
    if (data.job.manualDuplex)
      await wrap(
        'Manual two-sided: the fronts print first; turn the stack over when the counter screen asks, then the backs print.',
        margin,
        width - 2 * margin,
        11,
        2,
        { bold: true },
      );
  }
  await draw(page, `Ticket made ${data.printedAt}`, margin, margin - 12 * s, 9, { color: GREY });
  return doc.save({ useObjectStreams: true });
}

/** The QR code as filled squares, one rectangle per horizontal run of dark modules (small, crisp at any size). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + 2 * quiet);
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      page.drawRectangle({
        x: x + (quiet + start) * cell,
        y: y + size - (quiet + r + 1) * cell,
        width: (c - start) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}
