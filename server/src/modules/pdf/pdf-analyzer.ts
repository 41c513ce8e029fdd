import fs from 'node:fs';
import * as mupdf from 'mupdf';
import type { PageSize } from '../../db/schema/files.ts';
import { PDF_MESSAGES, PdfError } from './pdf-errors.ts';

/**
 * Reading customers' PDFs with mupdf (WASM, synchronous). mupdf is lenient, so it is guarded:
 * the bytes must start with `%PDF-`, open as a PDF document (not an image), need no password, have at least
 * one page, and a file mupdf had to repair must still end properly (a cut-off file is refused, not half-printed).
 */

export { PDF_MESSAGES, PdfError, type PdfErrorCode } from './pdf-errors.ts';

export interface PdfInfo {
  pageCount: number;
  /** One entry per page, in points as printed (rotation applied). */
  pages: PageSize[];
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
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(Math.max(0, bytes.byteLength - 1024));
  return tail.includes('%%EOF', 0, 'latin1');
}

/** Paper sizes in points (portrait), matched within a tolerance that absorbs mm→pt rounding by generators. */
const NAMED_SIZES: Array<{ size: string; w: number; h: number }> = [
  { size: 'a4', w: 595.28, h: 841.89 },
  { size: 'a3', w: 841.89, h: 1190.55 },
  { size: 'letter', w: 612, h: 792 },
  { size: 'legal', w: 612, h: 1008 },
];
const SIZE_TOLERANCE_PT = 6;

export function namePaperSize(width: number, height: number): string {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  for (const s of NAMED_SIZES) {
    if (Math.abs(short - s.w) <= SIZE_TOLERANCE_PT && Math.abs(long - s.h) <= SIZE_TOLERANCE_PT) return s.size;
  }
  return 'custom';
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function readBox(obj: mupdf.PDFObject): [number, number, number, number] | null {
  try {
    if (!obj.isArray() || obj.length < 4) return null;
    const nums: number[] = [];
    for (let i = 0; i < 4; i++) {
      const v = obj.get(i);
      const ok = v.isNumber();
      if (ok) nums.push(v.asNumber());
      v.destroy();
      if (!ok) return null;
    }
    const [x0, y0, x1, y1] = nums as [number, number, number, number];
    return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
  } finally {
    obj.destroy();
  }
}

/** The visible page (CropBox within MediaBox, as mupdf and poppler show it), with /Rotate applied. */
function pageSizeOf(page: mupdf.PDFObject): PageSize {
  // mupdf's own default for a page without a usable MediaBox is US Letter.
  const media = readBox(page.getInheritable('MediaBox')) ?? [0, 0, 612, 792];
  const crop = readBox(page.getInheritable('CropBox'));
  let box = media;
  if (crop) {
    const clipped: [number, number, number, number] = [
      Math.max(media[0], crop[0]),
      Math.max(media[1], crop[1]),
      Math.min(media[2], crop[2]),
      Math.min(media[3], crop[3]),
    ];
    if (clipped[2] > clipped[0] && clipped[3] > clipped[1]) box = clipped;
  }
  let w = box[2] - box[0];
  let h = box[3] - box[1];
  if (w <= 0 || h <= 0) [w, h] = [612, 792];
  const rotateObj = page.getInheritable('Rotate');
  const rotate = rotateObj.isNumber() ? ((Math.round(rotateObj.asNumber() / 90) * 90) % 360 + 360) % 360 : 0;
  rotateObj.destroy();
  if (rotate === 90 || rotate === 270) [w, h] = [h, w];
  return { width: round2(w), height: round2(h), size: namePaperSize(w, h) };
}

// mupdf reports repairs and syntax problems as warnings; they belong to the file being read, not to the log.
let captured: string[] | null = null;
mupdf.setLog({
  warning: (m) => void captured?.push(m),
  error: (m) => void captured?.push(m),
});

/** Opens a PDF from its first bytes (checked first) and a way to hand the whole of it to mupdf. */
function openPdf(head: Uint8Array, open: () => mupdf.Document): mupdf.PDFDocument {
  if (!hasPdfHeader(head)) throw new PdfError('invalid_file_type', PDF_MESSAGES.notPdf);
  let doc: mupdf.Document;
  try {
    doc = open();
  } catch {
    throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
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

/** Page count and every page's size of an open document; `tail` is the file's last bytes (up to 1024). */
function readPages(pdf: mupdf.PDFDocument, tail: Uint8Array): PdfInfo {
  let pageCount: number;
  const pages: PageSize[] = [];
  try {
    pageCount = pdf.countPages();
    for (let i = 0; i < pageCount; i++) {
      // Wrappers are freed now, not whenever the garbage collector runs: WASM memory is not collected by it.
      const page = pdf.findPage(i);
      try {
        pages.push(pageSizeOf(page));
      } finally {
        page.destroy();
      }
    }
  } catch {
    throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
  }
  if (pageCount < 1) throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
  // A repaired file is fine when it is complete (bad xref offsets, stray bytes); one cut off at the end is not.
  if (pdf.wasRepaired() && !hasEofMarker(tail)) throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
  return { pageCount, pages };
}

/**
 * Page count and every page's size. Throws PdfError with a message for the customer.
 * Reads only the page tree (not page contents): about 0.1 ms a page.
 */
export function analyzePdf(bytes: Uint8Array): PdfInfo {
  captured = [];
  let pdf: mupdf.PDFDocument | null = null;
  try {
    pdf = openBytes(bytes);
    return readPages(pdf, bytes);
  } finally {
    pdf?.destroy();
    captured = null;
  }
}

/**
 * The same for a file on disk, which mupdf reads piece by piece as it needs them: the file is never copied whole
 * into JavaScript or WebAssembly memory (a 10 MB upload would otherwise sit there twice while it is read).
 */
export function analyzePdfFile(path: string): PdfInfo {
  captured = [];
  const fd = fs.openSync(path, 'r');
  let pdf: mupdf.PDFDocument | null = null;
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(size, 8));
    fs.readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 1024));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    const stream = new mupdf.Stream({
      fileSize: () => size,
      read: (memory, offset, length, position) => (position >= size ? 0 : fs.readSync(fd, memory, offset, Math.min(length, size - position), position)),
      close: () => {},
    });
    try {
      pdf = openPdf(head, () => mupdf.Document.openDocument(stream, 'application/pdf'));
    } finally {
      stream.destroy();
    }
    return readPages(pdf, tail);
  } finally {
    pdf?.destroy();
    fs.closeSync(fd);
    captured = null;
  }
}

export const PREVIEW_WIDTH = 300;
const PREVIEW_MAX_HEIGHT = 600;

/** Page 1 as a small PNG (300 px wide, at most 600 px tall). */
export function renderPreviewPng(bytes: Uint8Array, width = PREVIEW_WIDTH): Buffer {
  captured = [];
  let pdf: mupdf.PDFDocument | null = null;
  try {
    pdf = openBytes(bytes);
    if (pdf.countPages() < 1) throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
    const page = pdf.loadPage(0);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      const w = Math.max(1, x1 - x0);
      const h = Math.max(1, y1 - y0);
      const scale = Math.min(width / w, PREVIEW_MAX_HEIGHT / h);
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
      try {
        return Buffer.from(pixmap.asPNG());
      } finally {
        pixmap.destroy();
      }
    } finally {
      page.destroy();
    }
  } catch (err) {
    if (err instanceof PdfError) throw err;
    throw new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable);
  } finally {
    pdf?.destroy();
    captured = null;
  }
}
