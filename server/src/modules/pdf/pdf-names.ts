import type * as mupdf from 'mupdf';

/**
 * Dictionary keys as PDF name objects, made once per document. mupdf's JavaScript binding copies a string key into
 * WebAssembly memory (a malloc and a free) on every lookup; a name object is passed as it is. Reading a 3,000-page
 * manual makes a few hundred thousand lookups.
 */
export class PdfNames {
  private readonly names = new Map<string, mupdf.PDFObject>();

  constructor(private readonly pdf: mupdf.PDFDocument) {}

  key(name: string): mupdf.PDFObject {
    let obj = this.names.get(name);
    if (!obj) {
      obj = this.pdf.newName(name);
      this.names.set(name, obj);
    }
    return obj;
  }

  destroy() {
    for (const obj of this.names.values()) obj.destroy();
    this.names.clear();
  }
}
