import type * as mupdf from 'mupdf';
import type { PdfNames } from '../pdf-names.ts';
import { PrintableAnnotations } from './annotations.ts';
import { MAX_CONTENT_BYTES_STREAM, PrintCopyBudget, tooComplex } from './budget.ts';
import { PrintVisibility, resolveContentLayers } from './optional-content.ts';
import { ProcessSeparations } from './separations.ts';

/**
 * The print copy (docs/decisions/032): the one file per document that the preview, the colour pages, the price and
 * the printer all use. Made at upload, in the PDF worker, from the document with its active content already removed
 * (active-content.ts): printing annotations flattened into their pages and the rest removed (annotations.ts), layers
 * resolved as printed and removed (optional-content.ts), process-colour separations given their exact alternate
 * (separations.ts). What is left draws the same in every viewer and printer.
 *
 * Used in two steps around the page walk: `page()` for each page as it is walked (annotations), then `finish()`
 * once (flattening, then the layers and colour spaces of every page's content and resources).
 */
export class PrintCopy {
  private readonly budget = new PrintCopyBudget();
  private readonly visibility: PrintVisibility;
  private readonly annotations: PrintableAnnotations;
  private readonly separations: ProcessSeparations;
  /** Streams rewritten, resource dictionaries and forms visited (by object number). */
  private readonly done = new Set<number>();
  private readonly resourcesSeen = new Set<number>();
  private readonly formsSeen = new Set<number>();
  private emptyForm: mupdf.PDFObject | null = null;
  private layersResolved = 0;
  /** What was changed, for the log: Annotations, Layers, Separations. */
  readonly changes = new Set<string>();

  constructor(
    private readonly pdf: mupdf.PDFDocument,
    private readonly k: PdfNames,
  ) {
    this.visibility = new PrintVisibility(pdf, this.budget);
    this.annotations = new PrintableAnnotations(pdf, k, this.visibility, this.budget);
    this.separations = new ProcessSeparations(pdf, this.budget);
  }

  /** During the page walk. */
  page(page: mupdf.PDFObject) {
    this.annotations.page(page);
  }

  /** After the walk: everything that needs the whole document. */
  finish(pageCount: number) {
    this.annotations.finish(this.pdf, pageCount);
    if (this.annotations.changed) this.changes.add('Annotations');
    for (let i = 0; i < pageCount; i++) {
      const page = this.pdf.findPage(i);
      const res = page.getInheritable(this.k.key('Resources'));
      const stack = res.isDictionary() ? [res] : [];
      if (this.visibility.active) this.pageContents(page, stack);
      if (res.isDictionary()) this.resources(res, stack);
    }
    if (this.visibility.active) {
      this.visibility.removeFromCatalog();
      this.changes.add('Layers');
    }
    if (this.separations.rewritten > 0) this.changes.add('Separations');
  }

  get changed(): boolean {
    return this.changes.size > 0;
  }

  /** A page's content, its streams read as one (a layer may open in one and close in the next). */
  private pageContents(page: mupdf.PDFObject, stack: mupdf.PDFObject[]) {
    const contents = page.get(this.k.key('Contents'));
    if (contents.isStream()) {
      this.rewriteStream(contents, stack);
      return;
    }
    if (!contents.isArray() || contents.length === 0) return;
    const parts: Uint8Array[] = [];
    let size = 0;
    for (let i = 0; i < contents.length; i++) {
      const s = contents.get(i);
      if (!s.isStream()) continue;
      const bytes = this.read(s);
      size += bytes.length + 1;
      // The page's streams are read as one: together they are held to one stream's limit.
      if (size > MAX_CONTENT_BYTES_STREAM) throw tooComplex();
      parts.push(bytes, NEWLINE);
    }
    const joined = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      joined.set(p, at);
      at += p.length;
    }
    const resolved = resolveContentLayers(joined, (prop) => this.propertyHidden(prop, stack));
    if (!resolved) return;
    page.put(this.k.key('Contents'), this.pdf.addStream(resolved, this.pdf.newDictionary()));
    this.layersResolved++;
  }

  /** One content stream (a form, a pattern, a glyph), rewritten in place when a layer in it was resolved. */
  private rewriteStream(stream: mupdf.PDFObject, stack: mupdf.PDFObject[]) {
    if (!stream.isStream()) return;
    if (stream.isIndirect()) {
      if (this.done.has(stream.asIndirect())) return;
      this.done.add(stream.asIndirect());
    }
    const bytes = this.read(stream);
    const resolved = resolveContentLayers(bytes, (prop) => this.propertyHidden(prop, stack));
    if (!resolved) return;
    stream.writeStream(resolved);
    this.layersResolved++;
  }

  /** A stream's decoded bytes, copied out of mupdf's memory (counted against the budget first). */
  private read(stream: mupdf.PDFObject): Uint8Array {
    const buf = stream.readStream();
    try {
      this.budget.read(buf.getLength());
      return new Uint8Array(buf.asUint8Array());
    } finally {
      buf.destroy();
    }
  }

  /** A marker's property list: a name in the nearest /Properties, or an inline dictionary (never a layer: §8.11.3.2). */
  private propertyHidden(prop: { name: string } | { inline: true }, stack: mupdf.PDFObject[]): boolean {
    if (!('name' in prop)) return false;
    for (let i = stack.length - 1; i >= 0; i--) {
      this.budget.spend();
      const found = stack[i]!.get(this.k.key('Properties'), this.pdf.newName(prop.name));
      if (!found.isNull()) return this.visibility.hidden(found);
    }
    return false;
  }

  /**
   * A resource dictionary: its colour spaces, and the content it holds (forms, tiling patterns, soft masks, Type 3
   * glyphs), each visited once; with layers, each XObject's own /OC decided (a hidden one is replaced by an empty form).
   */
  private resources(res: mupdf.PDFObject, stack: mupdf.PDFObject[]) {
    this.budget.spend();
    if (res.isIndirect()) {
      if (this.resourcesSeen.has(res.asIndirect())) return;
      this.resourcesSeen.add(res.asIndirect());
    }
    this.each(res.get(this.k.key('ColorSpace')), (cs) => this.separations.fix(cs));
    this.each(res.get(this.k.key('Shading')), (sh) => {
      if (sh.isDictionary()) this.separations.fix(sh.get(this.k.key('ColorSpace')));
    });
    const xobjects = res.get(this.k.key('XObject'));
    this.each(xobjects, (x, name) => this.xobject(xobjects, name, x, stack));
    this.each(res.get(this.k.key('Pattern')), (p) => {
      if (!p.isDictionary()) return;
      const shading = p.get(this.k.key('Shading'));
      if (shading.isDictionary()) this.separations.fix(shading.get(this.k.key('ColorSpace')));
      if (p.isStream()) this.content(p, stack);
    });
    this.each(res.get(this.k.key('ExtGState')), (gs) => {
      if (!gs.isDictionary()) return;
      const group = gs.get(this.k.key('SMask'), this.k.key('G'));
      if (group.isStream()) this.content(group, stack);
    });
    this.each(res.get(this.k.key('Font')), (font) => {
      if (font.isIndirect()) {
        // Fonts are shared by many pages: each is looked at once.
        if (this.resourcesSeen.has(font.asIndirect())) return;
        this.resourcesSeen.add(font.asIndirect());
      }
      if (!font.isDictionary()) return;
      const subtype = font.get(this.k.key('Subtype'));
      if (!subtype.isName() || subtype.asName() !== 'Type3') return;
      const fontRes = font.get(this.k.key('Resources'));
      const inner = fontRes.isDictionary() ? [...stack, fontRes] : stack;
      this.each(font.get(this.k.key('CharProcs')), (glyph) => {
        if (this.visibility.active) this.rewriteStream(glyph, inner);
      });
      if (fontRes.isDictionary()) this.resources(fontRes, inner);
    });
  }

  private xobject(dict: mupdf.PDFObject, name: string, x: mupdf.PDFObject, stack: mupdf.PDFObject[]) {
    if (!x.isStream()) return;
    if (this.visibility.active) {
      const oc = x.get(this.k.key('OC'));
      if (!oc.isNull()) {
        if (this.visibility.hidden(oc)) {
          dict.put(this.pdf.newName(name), this.empty());
          this.layersResolved++;
          return;
        }
        x.delete(this.k.key('OC'));
      }
    }
    const subtype = x.get(this.k.key('Subtype'));
    const kind = subtype.isName() ? subtype.asName() : '';
    if (kind === 'Image') this.separations.fix(x.get(this.k.key('ColorSpace')));
    else if (kind === 'Form') this.content(x, stack);
  }

  /** A form-like stream: its content (layers) and its own resources, which it falls back to its caller's without. */
  private content(stream: mupdf.PDFObject, stack: mupdf.PDFObject[]) {
    if (stream.isIndirect()) {
      if (this.formsSeen.has(stream.asIndirect())) return;
      this.formsSeen.add(stream.asIndirect());
    }
    const own = stream.get(this.k.key('Resources'));
    const inner = own.isDictionary() ? [...stack, own] : stack;
    if (inner.length > 64) return; // nesting this deep is hostile; mupdf refuses to draw it too
    if (this.visibility.active) this.rewriteStream(stream, inner);
    if (own.isDictionary()) this.resources(own, inner);
  }

  /** One empty form XObject stands in for every hidden one. */
  private empty(): mupdf.PDFObject {
    this.emptyForm ??= this.pdf.addStream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 0, 0] });
    return this.emptyForm;
  }

  /** Calls `fn` for each value of a dictionary. */
  private each(dict: mupdf.PDFObject, fn: (value: mupdf.PDFObject, key: string) => void) {
    if (!dict.isDictionary()) return;
    dict.forEach((value, key) => {
      this.budget.spend();
      fn(value, String(key));
    });
  }
}

const NEWLINE = new Uint8Array([10]);
