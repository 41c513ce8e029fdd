import type * as mupdf from 'mupdf';
import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { PdfError } from './pdf-errors.ts';
import type { PdfNames } from './pdf-names.ts';

/**
 * Active content in a customer's PDF: scripts, launch and submit actions, actions run on open or on events, and
 * attached files. None of it is printed, all of it runs (or is offered) in the viewer of the clerk who opens the
 * file, so it is removed from the copy the shop keeps; the pages print the same. It can only be reached from these
 * places (PDF 32000-1 §12.6): the catalog's /OpenAction, /AA and /Names (/JavaScript, /EmbeddedFiles), each page's
 * /AA, each annotation's /A and /AA, form fields (/AcroForm /Fields, a widget's /Parent chain), outline items and
 * any action's /Next chain; XFA forms carry their own scripts; /AF lists associated files. A file is then saved
 * whole without unreferenced objects, so nothing removed stays inside.
 */

/**
 * Actions that only move within the document, open a web or mail link, show or hide content, or open another PDF
 * by a relative path (GoToR, as TeX manuals link to each other). A GoToR to an absolute path, a drive or a network
 * share is removed: opening \\host\share (or //host/share) hands the clerk's Windows credentials to that host.
 */
const SAFE_ACTIONS = new Set(['GoTo', 'URI', 'GoToR', 'Named', 'Thread', 'SetOCGState', 'Hide', 'Trans']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'ftp']);
const RELATIVE_PDF = /^(?![/\\])[^:\\]*\.pdf$/i;

/** A link a viewer may follow: web, mail or relative; never file:, javascript:, a program's scheme or a share. */
export function isSafeUri(uri: string): boolean {
  const u = uri.replace(/^[\s\u0000-\u001f]+/, '');
  if (u.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(u)?.[1];
  return !scheme || SAFE_SCHEMES.has(scheme.toLowerCase());
}
/**
 * Annotations that carry a file or play media: dropped whole (an attachment's icon is all that would print). A Screen
 * annotation plays media only through its actions, which are checked like any other.
 */
const MEDIA_ANNOTS = new Set(['FileAttachment', 'Sound', 'Movie', 'RichMedia', '3D']);
/** Objects looked at across outlines, fields and action chains; a 10 MB file of real bookmarks holds far fewer. */
const NODE_BUDGET = 1_000_000;
const MAX_CHAIN = 64;

export class ActiveContent {
  /** What was removed, for the log: e.g. JavaScript, Launch, EmbeddedFiles, OpenAction. */
  readonly removed = new Set<string>();
  private budget = NODE_BUDGET;

  constructor(private readonly k: PdfNames) {}

  private spend() {
    if (--this.budget < 0) throw new PdfError('pdf_too_complex', UPLOAD_MESSAGES.tooComplex);
  }

  /** The first unsafe action type in an action and its /Next chain, or null when all are safe. */
  private unsafeAction(action: mupdf.PDFObject, depth = 0): string | null {
    this.spend();
    if (!action.isDictionary()) return null;
    if (depth > MAX_CHAIN) return 'Next';
    const s = action.get(this.k.key('S'));
    const type = s.isName() ? s.asName() : 'Unknown';
    s.destroy();
    if (!SAFE_ACTIONS.has(type)) return type;
    if (type === 'URI' || type === 'GoToR') {
      const target = action.get(this.k.key(type === 'URI' ? 'URI' : 'F'));
      const ok = target.isString() && (type === 'URI' ? isSafeUri(target.asString()) : RELATIVE_PDF.test(target.asString()));
      target.destroy();
      if (!ok) return type;
    }
    const next = action.get(this.k.key('Next'));
    try {
      if (next.isArray()) {
        for (let i = 0; i < next.length; i++) {
          const a = next.get(i);
          const bad = this.unsafeAction(a, depth + 1);
          a.destroy();
          if (bad) return bad;
        }
        return null;
      }
      return next.isNull() ? null : this.unsafeAction(next, depth + 1);
    } finally {
      next.destroy();
    }
  }

  /** Deletes `key` from `dict` when present; true when something was removed. */
  private drop(dict: mupdf.PDFObject, key: string, label = key): boolean {
    const v = dict.get(this.k.key(key));
    const present = !v.isNull();
    v.destroy();
    if (present) {
      dict.delete(this.k.key(key));
      this.removed.add(label);
    }
    return present;
  }

  /** /A with an unsafe action (or chain) and every /AA are removed from a dictionary. */
  private cleanActions(dict: mupdf.PDFObject) {
    const a = dict.get(this.k.key('A'));
    const bad = a.isNull() ? null : this.unsafeAction(a);
    a.destroy();
    if (bad) {
      dict.delete(this.k.key('A'));
      this.removed.add(bad);
    }
    this.drop(dict, 'AA');
  }

  /** Catalog-level content: run once before the pages. */
  cleanCatalog(pdf: mupdf.PDFDocument) {
    const trailer = pdf.getTrailer();
    const root = trailer.get(this.k.key('Root'));
    trailer.destroy();
    try {
      if (!root.isDictionary()) return;
      const open = root.get(this.k.key('OpenAction'));
      // A destination array only opens a page; an action dictionary may run anything.
      const bad = open.isDictionary() ? this.unsafeAction(open) : null;
      open.destroy();
      if (bad) {
        root.delete(this.k.key('OpenAction'));
        this.removed.add('OpenAction').add(bad);
      }
      this.drop(root, 'AA');
      this.drop(root, 'AF', 'EmbeddedFiles');
      // The base of relative links: only a web address may be one.
      const base = root.get(this.k.key('URI'), this.k.key('Base'));
      if (base.isString() && !/^https?:/i.test(base.asString())) this.drop(root, 'URI');
      base.destroy();
      this.drop(root, 'Collection', 'EmbeddedFiles');
      const names = root.get(this.k.key('Names'));
      if (names.isDictionary()) {
        this.drop(names, 'JavaScript');
        this.drop(names, 'EmbeddedFiles');
      }
      names.destroy();
      const form = root.get(this.k.key('AcroForm'));
      if (form.isDictionary()) {
        this.drop(form, 'XFA');
        const fields = form.get(this.k.key('Fields'));
        this.cleanFieldTree(fields);
        fields.destroy();
      }
      form.destroy();
      this.cleanOutlines(root);
    } finally {
      root.destroy();
    }
  }

  /** Form fields and their kids (bounded; a field seen twice is not walked again). */
  private cleanFieldTree(fields: mupdf.PDFObject) {
    if (!fields.isArray()) return;
    const seen = new Set<number>();
    const stack: mupdf.PDFObject[] = [];
    for (let i = 0; i < fields.length; i++) stack.push(fields.get(i));
    while (stack.length) {
      const f = stack.pop()!;
      try {
        this.spend();
        if (!f.isDictionary()) continue;
        if (f.isIndirect()) {
          if (seen.has(f.asIndirect())) continue;
          seen.add(f.asIndirect());
        }
        this.cleanActions(f);
        const kids = f.get(this.k.key('Kids'));
        if (kids.isArray()) for (let i = 0; i < kids.length; i++) stack.push(kids.get(i));
        kids.destroy();
      } finally {
        f.destroy();
      }
    }
  }

  /** Bookmarks never print: any unsafe action among them removes the outline whole. */
  private cleanOutlines(root: mupdf.PDFObject) {
    const outlines = root.get(this.k.key('Outlines'));
    const seen = new Set<number>();
    const stack: mupdf.PDFObject[] = [];
    const first = outlines.isDictionary() ? outlines.get(this.k.key('First')) : null;
    outlines.destroy();
    if (first) stack.push(first);
    let bad: string | null = null;
    while (stack.length && !bad) {
      const item = stack.pop()!;
      try {
        this.spend();
        if (!item.isDictionary()) continue;
        const num = item.isIndirect() ? item.asIndirect() : 0;
        if (num && seen.has(num)) continue;
        seen.add(num);
        const a = item.get(this.k.key('A'));
        bad = a.isNull() ? null : this.unsafeAction(a);
        a.destroy();
        stack.push(item.get(this.k.key('Next')), item.get(this.k.key('First')));
      } finally {
        item.destroy();
      }
    }
    for (const o of stack) o.destroy();
    if (bad) {
      root.delete(this.k.key('Outlines'));
      this.removed.add(bad);
    }
  }

  /** A page's own actions and its annotations. */
  cleanPage(page: mupdf.PDFObject) {
    this.drop(page, 'AA');
    this.drop(page, 'AF', 'EmbeddedFiles');
    const annots = page.get(this.k.key('Annots'));
    try {
      if (annots.isArray()) for (let i = annots.length - 1; i >= 0; i--) this.cleanAnnotation(annots, i);
    } finally {
      annots.destroy();
    }
  }

  /**
   * Manuals hold tens of thousands of links, so the common case is cheap: entries are looked up through the array
   * (a missing one costs no wrapper object), a plain GoTo link is known from its /S alone, and the annotation itself
   * is only opened when something in it has to go.
   */
  private cleanAnnotation(annots: mupdf.PDFObject, i: number) {
    const subtype = this.nameAt(annots, i, 'Subtype');
    if (subtype && MEDIA_ANNOTS.has(subtype)) {
      annots.delete(i);
      this.removed.add(subtype);
      return;
    }
    const plainGoTo = this.nameAt(annots, i, 'A', 'S') === 'GoTo' && !this.has(annots, i, 'A', 'Next');
    const actions = (!plainGoTo && this.has(annots, i, 'A')) || this.has(annots, i, 'AA');
    // A widget's field and the fields above it hold the form's scripts; other annotations have no fields.
    const fields = subtype === 'Widget' && this.has(annots, i, 'Parent');
    if (!actions && !fields) return;
    const annot = annots.get(i);
    try {
      if (!annot.isDictionary()) return;
      if (actions) this.cleanActions(annot);
      if (fields) this.cleanParentFields(annot);
    } finally {
      annot.destroy();
    }
  }

  private nameAt(obj: mupdf.PDFObject, ...path: Array<string | number>): string | null {
    const v = obj.get(...path.map((p) => (typeof p === 'number' ? p : this.k.key(p))));
    try {
      return v.isName() ? v.asName() : null;
    } finally {
      v.destroy();
    }
  }

  /** Whether the entry at `path` exists: a missing one costs a lookup and no wrapper object. */
  private has(obj: mupdf.PDFObject, ...path: Array<string | number>): boolean {
    const v = obj.get(...path.map((p) => (typeof p === 'number' ? p : this.k.key(p))));
    const present = !v.isNull();
    v.destroy();
    return present;
  }

  /** A widget's field and the fields above it hold the form's scripts (format, keystroke, calculate). */
  private cleanParentFields(widget: mupdf.PDFObject) {
    let field = widget.get(this.k.key('Parent'));
    for (let depth = 0; depth < MAX_CHAIN && field.isDictionary(); depth++) {
      this.spend();
      this.cleanActions(field);
      const up = field.get(this.k.key('Parent'));
      field.destroy();
      field = up;
    }
    field.destroy();
  }

  get found(): boolean {
    return this.removed.size > 0;
  }
}
