import * as mupdf from 'mupdf';
import { PrintDocumentError } from './print-document-error.ts';

/**
 * The print-ready PDF of one job: the ticket sheet, then the paid pages as many times as the copies paid for,
 * collated. The copies are in the file, not asked of the printer, because a printer asked for N copies prints the
 * ticket N times and many collate only if told (docs/decisions/014-print-agent.md). Two-sided jobs get a blank back
 * after the ticket and after an odd-length copy, so every copy starts on a fresh sheet. A manual duplex job is cut in
 * two passes: the fronts (odd pages), then, once the clerk has turned the stack, the backs (even pages) in reverse.
 *
 * The extra copies are new page objects that share the first copy's contents and resources, so ten copies of a
 * 10 MB document make a file of about 10 MB, not 100.
 */
export interface PrintDocumentInput {
  source: Uint8Array;
  /** 1-based pages of the source in print order; null for all pages. */
  pages: number[] | null;
  copies: number;
  duplex: boolean;
  /** The ticket sheet (one page), or null for none (PVC cards). */
  ticket: Uint8Array | null;
  /** Manual duplex: 1 for the fronts, 2 for the backs; undefined prints everything in one pass. */
  pass?: 1 | 2;
}

export interface PrintDocument {
  pdf: Uint8Array;
  /** Pages in this file (what the printer prints in this pass). */
  pageCount: number;
}

export { PrintDocumentError } from './print-document-error.ts';

/** Pages (one copy) × copies + ticket a job may hold: a bound on what one press of Print can make the server build. */
export const MAX_PRINT_PAGES = 20_000;

type PageRef = { kind: 'page'; obj: mupdf.PDFObject } | { kind: 'blank'; box: mupdf.Rect };

function openPdf(bytes: Uint8Array, what: string): mupdf.PDFDocument {
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw new PrintDocumentError(`The ${what} could not be read.`);
  }
  const pdf = doc.asPDF();
  if (!pdf) throw new PrintDocumentError(`The ${what} is not a PDF document.`);
  if (pdf.needsPassword() && !pdf.authenticatePassword(''))
    throw new PrintDocumentError(`The ${what} is protected by a password.`);
  return pdf;
}

/** A new page dictionary sharing everything with `page` but its place in the page tree. */
function shallowPageCopy(out: mupdf.PDFDocument, page: mupdf.PDFObject): mupdf.PDFObject {
  const dict = out.newDictionary();
  page.resolve().forEach((value, key) => {
    if (key !== 'Parent') dict.put(key, value);
  });
  return out.addObject(dict);
}

export function buildPrintDocument(input: PrintDocumentInput): PrintDocument {
  const copies = Math.max(1, Math.floor(input.copies));
  const src = openPdf(input.source, 'document');
  const total = src.countPages();
  const pages = input.pages ?? Array.from({ length: total }, (_, i) => i + 1);
  if (pages.length === 0) throw new PrintDocumentError('No pages were chosen to print.');
  for (const p of pages)
    if (!Number.isInteger(p) || p < 1 || p > total)
      throw new PrintDocumentError(`Page ${p} is not in the document (it has ${total}).`);
  const perCopy = pages.length + (input.duplex && pages.length % 2 === 1 ? 1 : 0);
  const sheetsOfTicket = input.ticket ? (input.duplex ? 2 : 1) : 0;
  if (perCopy * copies + sheetsOfTicket > MAX_PRINT_PAGES) {
    throw new PrintDocumentError(
      `This job would be ${perCopy * copies} pages; at most ${MAX_PRINT_PAGES} can be sent at once.`,
    );
  }

  const out = new mupdf.PDFDocument();
  // Every page is grafted once (one graft map per source: shared fonts and images are copied once), then the page
  // tree is written in one go: inserting pages one by one walks the tree each time (2,000 pages took seconds).
  const graftAll = (doc: mupdf.PDFDocument, indexes: number[]): mupdf.PDFObject[] => {
    const map = out.newGraftMap();
    const first = out.countPages();
    for (const i of indexes) map.graftPage(-1, doc, i);
    return indexes.map((i, k) => {
      const page = out.findPage(first + k);
      // graftPage copies contents, resources and boxes; a page's transparency group (its blending colour space) too,
      // so the job draws exactly as the print copy the customer saw and paid for (decision 032).
      const group = doc.findPage(i).get('Group');
      if (group.isDictionary()) page.put('Group', map.graftObject(group));
      return page;
    });
  };
  const boxOf = (doc: mupdf.PDFDocument, index: number): mupdf.Rect => doc.loadPage(index).getBounds();
  const sequence: PageRef[] = [];
  if (input.ticket) {
    const ticket = openPdf(input.ticket, 'ticket');
    sequence.push({ kind: 'page', obj: graftAll(ticket, [0])[0]! });
    if (input.duplex) sequence.push({ kind: 'blank', box: boxOf(ticket, 0) });
    ticket.destroy();
  }
  const firstCopy = graftAll(
    src,
    pages.map((p) => p - 1),
  );
  const lastBox = boxOf(src, pages[pages.length - 1]! - 1);
  for (let c = 0; c < copies; c++) {
    for (const obj of firstCopy) sequence.push({ kind: 'page', obj: c === 0 ? obj : shallowPageCopy(out, obj) });
    if (perCopy > pages.length) sequence.push({ kind: 'blank', box: lastBox });
  }

  let chosen = sequence;
  if (input.pass) {
    // Even length, so every front has its back (a last lone front gets a blank back).
    if (sequence.length % 2 === 1) sequence.push({ kind: 'blank', box: lastBox });
    chosen =
      input.pass === 1 ? sequence.filter((_, i) => i % 2 === 0) : sequence.filter((_, i) => i % 2 === 1).reverse();
  }
  const tree = out.getTrailer().get('Root').get('Pages');
  const kids = out.newArray();
  for (const ref of chosen) {
    const obj =
      ref.kind === 'page' ? ref.obj : out.addPage([0, 0, ref.box[2] - ref.box[0], ref.box[3] - ref.box[1]], 0, {}, '');
    obj.put('Parent', tree);
    kids.push(obj);
  }
  tree.put('Kids', kids);
  tree.put('Count', chosen.length);
  const pageCount = chosen.length;
  // Pages grafted but not chosen (the fronts' backs, in a manual duplex pass) are left out of the file.
  const pdf = out.saveToBuffer('compress,garbage').asUint8Array();
  out.destroy();
  src.destroy();
  return { pdf: new Uint8Array(pdf), pageCount };
}
