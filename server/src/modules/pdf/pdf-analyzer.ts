import fs from 'node:fs';
import * as mupdf from 'mupdf';
import { groupPageSizes, MAX_PDF_PAGES, type PageSizeGroup, type PageSizeInfo } from '@shop/shared/files/schemas';
import { ActiveContent } from './active-content.ts';
import { fileStream } from './file-stream.ts';
import { pagePng } from './page-png.ts';
import { PrintCopy } from './print-copy/print-copy.ts';
import { walkPageTree } from './page-tree.ts';
import { pageSizeOf } from './page-size.ts';
import { PdfNames } from './pdf-names.ts';
import { PDF_MESSAGES, PdfError } from './pdf-errors.ts';

/**
 * Reading customers' PDFs with mupdf (WASM, synchronous). mupdf is lenient, so it is guarded:
 * the bytes must start with `%PDF-`, open as a PDF document (not an image), need no password, have at least
 * one page, and a file mupdf had to repair must still end properly (a cut-off file is refused, not half-printed).
 * Pages are counted by walking the page tree (page-tree.ts), at most MAX_PDF_PAGES of them.
 */

export { PDF_MESSAGES, PdfError, type PdfErrorCode } from './pdf-errors.ts';
export { namePaperSize } from './page-size.ts';

export interface PdfInfo {
  pageCount: number;
  /** One entry per page, in points as printed (rotation applied). */
  pages: PageSizeInfo[];
  sizeGroups: PageSizeGroup[];
  /** Kinds of active content found (and removed from the clean copy): JavaScript, Launch, OpenAction, … */
  activeContent: string[];
  /** A clean copy was written (active content removed, the print copy changed the file, or a repaired file saved whole). */
  cleaned: boolean;
  /** What making the print copy changed (decision 032): Annotations, Layers, Separations. */
  printCopyChanges: string[];
}

export interface AnalyzeOptions {
  maxPages?: number;
  /**
   * Where to write the copy the shop keeps (the print copy, decision 032) when the file is not fit to keep as it came:
   * it had active content, annotations or layers, separations to resolve, or mupdf had to repair it (then every viewer
   * reads the pages mupdf read). Without it nothing is written and nothing is changed.
   */
  cleanCopyPath?: string;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** True when the bytes start with `%PDF-` (the check made before anything is kept). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_MAGIC.length) return false;
  for (let i = 0; i < PDF_MAGIC.length; i++) if (bytes[i] !== PDF_MAGIC[i]) return false;
  return true;
}

/** Readers accept `%%EOF` anywhere in the last 1024 bytes; a file without it was cut off. */
function hasEofMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(
    Math.max(0, bytes.byteLength - 1024),
  );
  return tail.includes('%%EOF', 0, 'latin1');
}

// mupdf reports repairs and syntax problems as warnings; they belong to the file being read, not to the log.
mupdf.setLog({ warning: () => {}, error: () => {} });

/** mupdf's own exceptions (a malloc refused by the heap cap among them) become the customer's message. */
function asPdfError(err: unknown): PdfError {
  if (err instanceof PdfError) return err;
  if (/malloc|out of memory|memory/i.test(String((err as Error)?.message ?? '')))
    return new PdfError('pdf_too_complex', PDF_MESSAGES.tooComplex);
  return new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
}

/** Opens a PDF from its first bytes (checked first) and a way to hand the whole of it to mupdf. */
function openPdf(head: Uint8Array, open: () => mupdf.Document): mupdf.PDFDocument {
  if (!hasPdfHeader(head)) throw new PdfError('invalid_file_type', PDF_MESSAGES.notPdf);
  let doc: mupdf.Document;
  try {
    doc = open();
  } catch (err) {
    throw asPdfError(err);
  }
  const pdf = doc.asPDF();
  if (!pdf) {
    doc.destroy();
    throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
  }
  if (pdf.needsPassword()) {
    pdf.destroy();
    throw new PdfError('pdf_password_protected', PDF_MESSAGES.password);
  }
  return pdf;
}

const openBytes = (bytes: Uint8Array) => openPdf(bytes, () => mupdf.Document.openDocument(bytes, 'application/pdf'));

/** Pages, their sizes and active content of an open document; `tail` is the file's last bytes (up to 1024). */
function readDocument(pdf: mupdf.PDFDocument, tail: Uint8Array, opts: AnalyzeOptions): PdfInfo {
  const pages: PageSizeInfo[] = [];
  const names = new PdfNames(pdf);
  const active = new ActiveContent(names);
  let pageCount: number;
  let printCopy: PrintCopy | null = null;
  try {
    try {
      active.cleanCatalog(pdf);
      // The print copy is made only where the copy to keep is written (an upload); reading a file changes nothing.
      printCopy = opts.cleanCopyPath ? new PrintCopy(pdf, names) : null;
      pageCount = walkPageTree(pdf, {
        maxPages: opts.maxPages ?? MAX_PDF_PAGES,
        names,
        onPage: (page, inherited, _index, dict) => {
          pages.push(pageSizeOf(dict, inherited, names));
          active.cleanPage(page, dict);
          printCopy?.page(page);
        },
      });
    } catch (err) {
      // A file cut off at the end loses part of its page tree: that is a broken download, not a damaged page list.
      if (pdf.wasRepaired() && !hasEofMarker(tail)) throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
      throw asPdfError(err);
    }
    // A repaired file is fine when it is complete (bad xref offsets, stray bytes); one cut off at the end is not.
    if (pdf.wasRepaired() && !hasEofMarker(tail)) throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
    try {
      printCopy?.finish(pageCount);
    } catch (err) {
      throw asPdfError(err);
    }
  } finally {
    names.destroy();
  }
  const repaired = pdf.wasRepaired();
  let cleaned = false;
  if (opts.cleanCopyPath && (active.found || repaired || printCopy?.changed)) {
    try {
      // Saved whole (no incremental update), unreferenced objects dropped: what was removed is gone from the bytes.
      const out = pdf.saveToBuffer('garbage=compact,objstms=yes,compress=yes');
      try {
        fs.writeFileSync(opts.cleanCopyPath, out.asUint8Array());
      } finally {
        out.destroy();
      }
    } catch (err) {
      throw asPdfError(err);
    }
    cleaned = true;
  }
  return {
    pageCount,
    pages,
    sizeGroups: groupPageSizes(pages),
    activeContent: [...active.removed].sort(),
    cleaned,
    printCopyChanges: [...(printCopy?.changes ?? [])].sort(),
  };
}

/** Page count, every page's size and active content. Throws PdfError with a message for the customer. */
export function analyzePdf(bytes: Uint8Array, opts: AnalyzeOptions = {}): PdfInfo {
  let pdf: mupdf.PDFDocument | null = null;
  try {
    pdf = openBytes(bytes);
    return readDocument(pdf, bytes, opts);
  } finally {
    pdf?.destroy();
  }
}

/** The same for a file on disk, which mupdf reads piece by piece as it needs them (file-stream.ts). */
export function analyzePdfFile(path: string, opts: AnalyzeOptions = {}): PdfInfo {
  const fd = fs.openSync(path, 'r');
  let pdf: mupdf.PDFDocument | null = null;
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(size, 8));
    fs.readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 1024));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    const stream = fileStream(fd, size);
    try {
      pdf = openPdf(head, () => mupdf.Document.openDocument(stream, 'application/pdf'));
    } finally {
      stream.destroy();
    }
    return readDocument(pdf, tail, opts);
  } finally {
    pdf?.destroy();
    fs.closeSync(fd);
  }
}

export const PREVIEW_WIDTH = 300;
const PREVIEW_MAX_HEIGHT = 600;

/** Page 1 as a small PNG (300 px wide, at most 600 px tall). */
export function renderPreviewPng(bytes: Uint8Array, width = PREVIEW_WIDTH): Buffer {
  let pdf: mupdf.PDFDocument | null = null;
  try {
    pdf = openBytes(bytes);
    if (pdf.countPages() < 1) throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
    return pagePng(pdf, 0, width, PREVIEW_MAX_HEIGHT);
  } catch (err) {
    throw asPdfError(err);
  } finally {
    pdf?.destroy();
  }
}
