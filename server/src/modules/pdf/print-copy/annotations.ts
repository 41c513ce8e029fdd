import type * as mupdf from 'mupdf';
import type { PdfNames } from '../pdf-names.ts';
import type { PrintCopyBudget } from './budget.ts';
import type { PrintVisibility } from './optional-content.ts';

/**
 * Annotations as a printer prints them (PDF 32000-1 §12.5.3): one prints when its Print flag is set and neither Hidden
 * nor Invisible is, and its layer (/OC) prints; NoView does not matter on paper. Popups never print. Those that print
 * are flattened into the page by mupdf (`bake`: the appearance a viewer shows, made from the field's value when it has
 * none or the form asks viewers to redraw values, /NeedAppearances), the others are removed, so the print copy's
 * pages hold exactly what prints and its /Annots only links (without an appearance of their own), kept so the copy's
 * web links still open on the counter's screen.
 */

const PRINT = 4;
const HIDDEN = 2;
const INVISIBLE = 1;

export interface AnnotationPass {
  /** Some annotation prints and is to be flattened (`bake`). */
  bake: boolean;
  /** Something was removed. */
  changed: boolean;
}

export class PrintableAnnotations {
  bake = false;
  changed = false;
  private readonly needAppearances: boolean;

  constructor(
    pdf: mupdf.PDFDocument,
    private readonly k: PdfNames,
    private readonly visibility: PrintVisibility,
    private readonly budget: PrintCopyBudget,
  ) {
    const trailer = pdf.getTrailer();
    const need = trailer.get(k.key('Root'), k.key('AcroForm'), k.key('NeedAppearances'));
    this.needAppearances = need.isBoolean() && need.asBoolean();
    need.destroy();
    trailer.destroy();
  }

  /** One page's /Annots: what does not print goes; what prints is kept for the bake. */
  page(page: mupdf.PDFObject) {
    const annots = page.get(this.k.key('Annots'));
    try {
      if (!annots.isArray() || annots.length === 0) return;
      for (let i = annots.length - 1; i >= 0; i--) {
        this.budget.spend();
        // Manuals hold thousands of links: a link is known from its /Subtype, read through the array (no wrapper).
        if (this.nameAt(annots, i, 'Subtype') === 'Link') {
          if (this.hasAt(annots, i, 'AP')) {
            const link = annots.get(i);
            link.delete(this.k.key('AP'));
            link.destroy();
            this.changed = true;
          }
          continue;
        }
        const annot = annots.get(i);
        try {
          if (this.verdict(annot) === 'drop') {
            annots.delete(i);
            this.changed = true;
          } else this.bake = true;
        } finally {
          annot.destroy();
        }
      }
      // Emptied here (an empty list as writers leave it is left alone: nothing to change, nothing to save).
      if (annots.length === 0) page.delete(this.k.key('Annots'));
    } finally {
      annots.destroy();
    }
  }

  private nameAt(arr: mupdf.PDFObject, i: number, key: string): string | null {
    const v = arr.get(i, this.k.key(key));
    try {
      return v.isName() ? v.asName() : null;
    } finally {
      v.destroy();
    }
  }

  private hasAt(arr: mupdf.PDFObject, i: number, key: string): boolean {
    const v = arr.get(i, this.k.key(key));
    const present = !v.isNull();
    v.destroy();
    return present;
  }

  private verdict(annot: mupdf.PDFObject): 'drop' | 'print' {
    if (!annot.isDictionary()) return 'drop';
    const subtype = this.name(annot, 'Subtype');
    if (subtype === 'Popup' || !subtype) return 'drop';
    const f = annot.get(this.k.key('F'));
    const flags = f.isNumber() ? f.asNumber() | 0 : 0;
    f.destroy();
    if (!(flags & PRINT) || flags & (HIDDEN | INVISIBLE)) return 'drop';
    const oc = annot.get(this.k.key('OC'));
    const hidden = !oc.isNull() && this.visibility.hidden(oc);
    oc.destroy();
    if (hidden) return 'drop';
    if (subtype === 'Widget' && this.needAppearances) {
      // The form asks viewers to draw values afresh: text and choice fields are drawn from their values.
      const ft = annot.getInheritable(this.k.key('FT'));
      const redraw = ft.isName() && (ft.asName() === 'Tx' || ft.asName() === 'Ch');
      ft.destroy();
      if (redraw && this.has(annot, 'AP')) annot.delete(this.k.key('AP'));
    }
    if (this.has(annot, 'OC')) annot.delete(this.k.key('OC'));
    return 'print';
  }

  private name(obj: mupdf.PDFObject, key: string): string | null {
    const v = obj.get(this.k.key(key));
    try {
      return v.isName() ? v.asName() : null;
    } finally {
      v.destroy();
    }
  }

  private has(obj: mupdf.PDFObject, key: string): boolean {
    const v = obj.get(this.k.key(key));
    const present = !v.isNull();
    v.destroy();
    return present;
  }

  /**
   * After every page: the printing annotations flattened into their pages and the form removed (no field is left to
   * fill: its values are on the page). A form with no printing widget goes too.
   */
  finish(pdf: mupdf.PDFDocument, pageCount: number) {
    if (this.bake) {
      pdf.bake(true, true);
      this.changed = true;
      // The bake leaves the pages' lists empty (or holding links).
      for (let i = 0; i < pageCount; i++) {
        const page = pdf.findPage(i);
        const annots = page.get(this.k.key('Annots'));
        if (annots.isArray() && annots.length === 0) page.delete(this.k.key('Annots'));
        annots.destroy();
        page.destroy();
      }
    }
    const trailer = pdf.getTrailer();
    const root = trailer.get(this.k.key('Root'));
    if (root.isDictionary() && this.has(root, 'AcroForm')) {
      root.delete(this.k.key('AcroForm'));
      this.changed = true;
    }
    root.destroy();
    trailer.destroy();
  }
}
