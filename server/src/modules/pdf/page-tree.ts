import type * as mupdf from 'mupdf';
import { pageCountMismatchMessage, UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { PdfError } from './pdf-errors.ts';
import type { PdfNames, Ptr } from './pdf-names.ts';

/**
 * The pages a printer prints: found by walking the page tree from the catalog, as Ghostscript does, never by
 * trusting /Count (poppler, qpdf and mupdf's own page count read the root's /Count, so a 100-page file whose root
 * says 1 was sold as 1 page). A file whose tree and any /Count disagree is refused: every tool then reads the
 * same pages from what is kept. The walk is bounded and safe on hostile files: a node seen twice (a cycle) or too
 * deep, a kid that is not a page or a page-tree node, or a kid whose /Parent names another node is damage; it stops
 * as soon as the page cap is passed, and visits at most as many inner nodes as the cap allows pages.
 */

export type Box = [number, number, number, number];

/** What a page inherits from the nodes above it (PDF 32000-1 §7.7.3.4), taken from the path walked, not /Parent. */
export interface Inherited {
  mediaBox: Box | null;
  cropBox: Box | null;
  rotate: number | null;
}

export interface WalkOptions {
  maxPages: number;
  names: PdfNames;
  /**
   * Called for each page in order; the object is freed after the call. `dict` is the page's dictionary, resolved (a
   * pointer, pdf-names.ts: good until the page is changed).
   */
  onPage(page: mupdf.PDFObject, inherited: Inherited, index: number, dict: Ptr): void;
}

/** Real trees are a few levels deep (a balanced tree of 5,000 pages needs 4 with 10 kids a node). */
export const MAX_TREE_DEPTH = 64;

const damaged = () => new PdfError('pdf_page_tree_damaged', UPLOAD_MESSAGES.pageTreeDamaged);
const tooManyPages = () => new PdfError('pdf_too_many_pages', UPLOAD_MESSAGES.tooManyPages);

/** A rectangle of four numbers at `obj` (an array, or a reference to one), normalised; null when absent or malformed. */
export function readBox(obj: Ptr, k: PdfNames): Box | null {
  if (!k.isArray(obj) || k.length(obj) < 4) return null;
  const box: number[] = [];
  for (let i = 0; i < 4; i++) {
    const v = k.at(obj, i);
    if (!k.isNumber(v)) return null;
    box.push(k.number(v));
  }
  return normalise(box as Box);
}

function normalise([x0, y0, x1, y1]: Box): Box | null {
  if (![x0, y0, x1, y1].every(Number.isFinite)) return null;
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/** A box entry of the dictionary `dict` (resolved), or null. */
export function boxAt(dict: Ptr, key: string, k: PdfNames): Box | null {
  const v = k.get(dict, key);
  return v === 0 ? null : readBox(v, k);
}

/** /Rotate of the dictionary `dict` (resolved), or null. */
export function rotateAt(dict: Ptr, k: PdfNames): number | null {
  const v = k.get(dict, 'Rotate');
  return v !== 0 && k.isNumber(v) ? k.number(v) : null;
}

function inheritFrom(node: Ptr, above: Inherited, k: PdfNames): Inherited {
  return {
    mediaBox: boxAt(node, 'MediaBox', k) ?? above.mediaBox,
    cropBox: boxAt(node, 'CropBox', k) ?? above.cropBox,
    rotate: rotateAt(node, k) ?? above.rotate,
  };
}

interface Frame {
  node: mupdf.PDFObject;
  num: number;
  kids: number;
  next: number;
  declared: number | null;
  leaves: number;
  inherited: Inherited;
}

/** Opens a page-tree node: its kids, its /Count and what it passes down. Frees nothing; the caller owns `node`. */
function frameOf(node: mupdf.PDFObject, num: number, above: Inherited, k: PdfNames): Frame {
  const dict = k.resolve(k.ptr(node));
  const kidsArray = k.resolve(k.get(dict, 'Kids'));
  if (!k.isArray(kidsArray)) throw damaged();
  const count = k.get(dict, 'Count');
  const declared = k.isInteger(count) ? k.number(count) : null;
  return { node, num, kids: k.length(kidsArray), next: 0, declared, leaves: 0, inherited: inheritFrom(dict, above, k) };
}

/** Walks the tree and returns the number of pages. Throws PdfError when the tree is damaged or over the cap. */
export function walkPageTree(pdf: mupdf.PDFDocument, opts: WalkOptions): number {
  const k = opts.names;
  const trailer = pdf.getTrailer();
  const top = trailer.get('Root', 'Pages');
  trailer.destroy();
  if (!top.isDictionary() || !top.isIndirect()) {
    top.destroy();
    throw damaged();
  }
  const stack: Frame[] = [];
  const seen = new Set<number>();
  let pages = 0;
  let innerNodes = 1;
  let rootMismatch: { says: number; holds: number } | null = null;
  let innerMismatch = false;
  try {
    seen.add(top.asIndirect());
    stack.push(frameOf(top, top.asIndirect(), { mediaBox: null, cropBox: null, rotate: null }, k));
    while (stack.length > 0) {
      const frame = stack.at(-1)!;
      if (frame.next >= frame.kids) {
        stack.pop();
        frame.node.destroy();
        if (frame.declared !== frame.leaves) {
          if (stack.length === 0) rootMismatch = { says: frame.declared ?? 0, holds: frame.leaves };
          else innerMismatch = true;
        }
        const parent = stack.at(-1);
        if (parent) parent.leaves += frame.leaves;
        continue;
      }
      const kid = frame.node.get(k.key('Kids'), frame.next++);
      let keep = false;
      try {
        // Kids are indirect references to dictionaries (§7.7.3.2); anything else is not a page a printer would find.
        // The kid is read through pointers (no wrapper per entry); the wrapper `kid` is what onPage and the frame keep.
        const ref = k.ptr(kid);
        if (!k.isIndirect(ref)) throw damaged();
        const dict = k.resolve(ref);
        if (!k.isDictionary(dict)) throw damaged();
        const num = k.num(ref);
        const parent = k.get(dict, 'Parent');
        // Viewers inherit sizes through /Parent; it must lead back along the path walked (absent is tolerated).
        if (parent !== 0 && (!k.isIndirect(parent) || k.num(parent) !== frame.num)) throw damaged();
        const type = k.name(k.get(dict, 'Type'));
        if (type === 'Pages' || (type === null && k.isArray(k.get(dict, 'Kids')))) {
          if (seen.has(num) || stack.length >= MAX_TREE_DEPTH) throw damaged();
          if (++innerNodes > opts.maxPages) throw damaged();
          seen.add(num);
          stack.push(frameOf(kid, num, frame.inherited, k));
          keep = true;
        } else if (type === 'Page' || type === null) {
          if (++pages > opts.maxPages) throw tooManyPages();
          frame.leaves++;
          opts.onPage(kid, frame.inherited, pages - 1, dict);
        } else {
          throw damaged();
        }
      } finally {
        if (!keep) kid.destroy();
      }
    }
  } finally {
    for (const f of stack) f.node.destroy();
  }
  if (pages < 1) throw new PdfError('pdf_unreadable', UPLOAD_MESSAGES.unreadable);
  if (rootMismatch)
    throw new PdfError('pdf_page_tree_damaged', pageCountMismatchMessage(rootMismatch.says, rootMismatch.holds));
  if (innerMismatch) throw damaged();
  return pages;
}
