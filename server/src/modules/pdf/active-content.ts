import type * as mupdf from 'mupdf';
import { isSafeUri, MAX_CHAIN, PdfActionRules } from './pdf-action-rules.ts';
import type { Ptr } from './pdf-names.ts';

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
 * Annotations that carry a file or play media: dropped whole (an attachment's icon is all that would print). A Screen
 * annotation plays media only through its actions, which are checked like any other.
 */
const MEDIA_ANNOTS = new Set(['FileAttachment', 'Sound', 'Movie', 'RichMedia', '3D']);

/** Removes it from a document (see above): the catalog's, once, then each page's. */
export class ActiveContent extends PdfActionRules {
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

  /** A page's own actions and its annotations; `dict` is the page's dictionary, resolved (when the caller has it). */
  cleanPage(page: mupdf.PDFObject, dict = this.k.resolve(this.k.ptr(page))) {
    // Entries are looked up through the pointer; a page that had something removed is read again.
    if (this.k.get(dict, 'AA') !== 0 || this.k.get(dict, 'AF') !== 0) {
      this.drop(page, 'AA');
      this.drop(page, 'AF', 'EmbeddedFiles');
      dict = this.k.resolve(this.k.ptr(page));
    }
    const array = this.k.resolve(this.k.get(dict, 'Annots'));
    if (!this.k.isArray(array)) return;
    let annots: mupdf.PDFObject | null = null;
    try {
      for (let i = this.k.length(array) - 1; i >= 0; i--)
        if (this.mayHoldActiveContent(array, i)) this.cleanAnnotation((annots ??= page.get(this.k.key('Annots'))), i);
    } finally {
      annots?.destroy();
    }
  }

  /**
   * Manuals hold tens of thousands of links, so the common case is cheap: the annotation is read through pointers
   * (pdf-names.ts; no wrapper object, resolved once): a plain GoTo link is known from its /S alone, a web link from
   * its /S and address. True when it needs a closer look: a media annotation, /AA, an action other than those two
   * (or with a /Next chain), or a widget with fields.
   */
  private mayHoldActiveContent(array: Ptr, i: number): boolean {
    const k = this.k;
    const annot = k.resolve(k.at(array, i));
    // Links are nearly all of them: told from the interned name /Link without reading the name's text.
    const subtype = k.name(k.get(annot, 'Subtype'));
    if (subtype && MEDIA_ANNOTS.has(subtype)) return true;
    if (k.get(annot, 'AA') !== 0) return true;
    const action = k.get(annot, 'A');
    if (action !== 0) {
      // A GoTo or a web link without a chain is safe as it is (pdf-action-rules.ts); anything else is looked at whole.
      if (k.get(action, 'Next') !== 0) return true;
      const type = k.get(action, 'S');
      if (k.isInterned(type, 'URI')) {
        this.spend(); // as the whole look (unsafeAction) counts a web link against the budget
        const uri = k.get(action, 'URI');
        if (!k.isString(uri) || !isSafeUri(k.text(uri))) return true;
      } else if (!k.isInterned(type, 'GoTo')) return true;
    }
    // A widget's field and the fields above it hold the form's scripts; other annotations have no fields.
    return subtype === 'Widget' && k.get(annot, 'Parent') !== 0;
  }

  /** An annotation that may hold active content (above), through wrappers: removed whole, or what runs removed. */
  private cleanAnnotation(annots: mupdf.PDFObject, i: number) {
    const subtype = this.nameAt(annots, i, 'Subtype');
    if (subtype && MEDIA_ANNOTS.has(subtype)) {
      annots.delete(i);
      this.removed.add(subtype);
      return;
    }
    const annot = annots.get(i);
    try {
      if (!annot.isDictionary()) return;
      this.cleanActions(annot);
      if (subtype === 'Widget' && this.has(annot, 'Parent')) this.cleanParentFields(annot);
    } finally {
      annot.destroy();
    }
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
}
