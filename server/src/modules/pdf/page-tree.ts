import type * as mupdf from 'mupdf';
import { pageCountMismatchMessage, UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { PdfError } from './pdf-errors.ts';
import type { PdfNames } from './pdf-names.ts';

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
  /** Called for each page in order; the object is freed after the call. */
  onPage(page: mupdf.PDFObject, inherited: Inherited, index: number): void;
}

/** Real trees are a few levels deep (a balanced tree of 5,000 pages needs 4 with 10 kids a node). */
export const MAX_TREE_DEPTH = 64;

const damaged = () => new PdfError('pdf_page_tree_damaged', UPLOAD_MESSAGES.pageTreeDamaged);
const tooManyPages = () => new PdfError('pdf_too_many_pages', UPLOAD_MESSAGES.tooManyPages);

const BOX_TEXT = /^\[\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*\]$/;

/** A rectangle of four numbers, normalised; null when absent or malformed. Frees `obj`. */
export function readBox(obj: mupdf.PDFObject): Box | null {
  try {
    if (!obj.isArray() || obj.length < 4) return null;
    // The array as text, in one call (four element wrappers each cost more); references or odd forms go the long way.
    const m = obj.length === 4 ? BOX_TEXT.exec(obj.toString()) : null;
    if (m) return normalise(m.slice(1).map(Number) as Box);
    const nums: number[] = [];
    for (let i = 0; i < 4; i++) {
      const v = obj.get(i);
      const ok = v.isNumber();
      if (ok) nums.push(v.asNumber());
      v.destroy();
      if (!ok || !Number.isFinite(nums[i])) return null;
    }
    return normalise(nums as Box);
  } finally {
    obj.destroy();
  }
}

function normalise([x0, y0, x1, y1]: Box): Box | null {
  if (![x0, y0, x1, y1].every(Number.isFinite)) return null;
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

function readRotate(obj: mupdf.PDFObject): number | null {
  try {
    return obj.isNumber() ? obj.asNumber() : null;
  } finally {
    obj.destroy();
  }
}

/** A box entry of `dict`, looked up without a wrapper when absent (most pages have no /CropBox). */
export function boxAt(dict: mupdf.PDFObject, key: string, k: PdfNames): Box | null {
  return k.has(dict, key) ? readBox(dict.get(k.key(key))) : null;
}

/** /Rotate of `dict`, or null. */
export function rotateAt(dict: mupdf.PDFObject, k: PdfNames): number | null {
  return k.has(dict, 'Rotate') ? readRotate(dict.get(k.key('Rotate'))) : null;
}

function inheritFrom(node: mupdf.PDFObject, above: Inherited, k: PdfNames): Inherited {
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

function hasKidsArray(node: mupdf.PDFObject, k: PdfNames): boolean {
  const kids = node.get(k.key('Kids'));
  const isArray = kids.isArray();
  kids.destroy();
  return isArray;
}

/** Opens a page-tree node: its kids, its /Count and what it passes down. Frees nothing; the caller owns `node`. */
function frameOf(node: mupdf.PDFObject, num: number, above: Inherited, k: PdfNames): Frame {
  const kids = node.get(k.key('Kids'));
  const isArray = kids.isArray();
  const length = isArray ? kids.length : 0;
  kids.destroy();
  if (!isArray) throw damaged();
  const count = node.get(k.key('Count'));
  const declared = count.isInteger() ? count.asNumber() : null;
  count.destroy();
  return { node, num, kids: length, next: 0, declared, leaves: 0, inherited: inheritFrom(node, above, k) };
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
        if (!kid.isIndirect() || !kid.isDictionary()) throw damaged();
        const num = kid.asIndirect();
        const parent = kid.get(k.key('Parent'));
        const parentNum = parent.isIndirect() ? parent.asIndirect() : null;
        const hasParent = !parent.isNull();
        parent.destroy();
        // Viewers inherit sizes through /Parent; it must lead back along the path walked (absent is tolerated).
        if (hasParent && parentNum !== frame.num) throw damaged();
        const type = k.nameAt(kid, 'Type');
        if (type === 'Pages' || (type === null && hasKidsArray(kid, k))) {
          if (seen.has(num) || stack.length >= MAX_TREE_DEPTH) throw damaged();
          if (++innerNodes > opts.maxPages) throw damaged();
          seen.add(num);
          stack.push(frameOf(kid, num, frame.inherited, k));
          keep = true;
        } else if (type === 'Page' || type === null) {
          if (++pages > opts.maxPages) throw tooManyPages();
          frame.leaves++;
          opts.onPage(kid, frame.inherited, pages - 1);
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
