import type * as mupdf from 'mupdf';

/**
 * Dictionary keys as PDF name objects, made once per document. mupdf's JavaScript binding copies a string key into
 * WebAssembly memory (a malloc and a free) on every lookup; a name object is passed as it is. Reading a 3,000-page
 * manual makes a few hundred thousand lookups.
 *
 * Most lookups only ask whether an entry is there or which name it holds. `get` answers with a new wrapper object
 * (a reference taken, a finalizer registered, both undone by `destroy`): on a manual with 27,000 links that cost
 * more than walking its page tree. `has` and `nameAt` read mupdf's borrowed pointer instead (`PDFObject._get`, the
 * binding's own lookup, typed in its declarations). mupdf interns the standard PDF names (Page, Link, GoTo…: one
 * constant object each, returned by its parser and by `newName` alike), so for those a pointer comparison is the
 * name comparison; any other name is read as text.
 */
type Path = Array<string | number>;

/** Names the reader compares values with; each is checked to be interned before its pointer is trusted. */
const VALUES = ['Page', 'Pages', 'Link', 'GoTo', 'Widget'];

export class PdfNames {
  private readonly names = new Map<string, mupdf.PDFObject>();
  /** Interned names by pointer (mupdf's constants), for the values in VALUES. */
  private readonly interned = new Map<number, string>();

  constructor(private readonly pdf: mupdf.PDFDocument) {
    for (const name of VALUES) {
      const obj = this.key(name);
      // Interned: a second name object of the same text is the same constant (a non-interned one is a new allocation).
      const again = pdf.newName(name);
      if (again.pointer === obj.pointer) this.interned.set(obj.pointer, name);
      again.destroy();
    }
  }

  key(name: string): mupdf.PDFObject {
    let obj = this.names.get(name);
    if (!obj) {
      obj = this.pdf.newName(name);
      this.names.set(name, obj);
    }
    return obj;
  }

  private path(path: Path): Array<mupdf.PDFObject | number> {
    return path.map((p) => (typeof p === 'number' ? p : this.key(p)));
  }

  /** mupdf's borrowed pointer at `keys` under `obj`, 0 when absent: the one use of the binding's `_get`. */
  private lookup(obj: mupdf.PDFObject, keys: Array<mupdf.PDFObject | number>): number {
    // oxlint-disable-next-line no-underscore-dangle -- public in mupdf's declarations (mupdf.d.ts), not in its docs
    return obj._get(keys);
  }

  /** Whether `obj` has an entry at `path` (dictionary keys and array indexes), without a wrapper object. */
  has(obj: mupdf.PDFObject, ...path: Path): boolean {
    return this.lookup(obj, this.path(path)) !== 0;
  }

  /** The name at `path`, or null when absent or not a name. */
  nameAt(obj: mupdf.PDFObject, ...path: Path): string | null {
    const keys = this.path(path);
    const ptr = this.lookup(obj, keys);
    if (ptr === 0) return null;
    const known = this.interned.get(ptr);
    if (known !== undefined) return known;
    const v = obj.get(...keys);
    try {
      return v.isName() ? v.asName() : null;
    } finally {
      v.destroy();
    }
  }

  /**
   * A lookup under each entry of an array, for loops over thousands of entries: the path is made once and the
   * answer is mupdf's borrowed pointer (0 when absent), read with `isInterned`, or with `has`/`nameAt` when unsure.
   */
  underEach(...path: string[]): (array: mupdf.PDFObject, index: number) => number {
    const keys: Array<mupdf.PDFObject | number> = [0, ...this.path(path)];
    return (array, index) => {
      keys[0] = index;
      return this.lookup(array, keys);
    };
  }

  /** True when `ptr` is the interned name `name` (one of VALUES); false says nothing when `name` is not interned. */
  isInterned(ptr: number, name: string): boolean {
    return ptr !== 0 && this.interned.get(ptr) === name;
  }

  destroy() {
    for (const obj of this.names.values()) obj.destroy();
    this.names.clear();
    this.interned.clear();
  }
}
