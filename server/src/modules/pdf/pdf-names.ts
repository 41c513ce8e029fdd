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

/**
 * A borrowed pointer to an object of the open document (0: absent or PDF null). mupdf keeps every object it has
 * loaded until the document is dropped (a repair keeps the old objects too, pdf_forget_xref), so a pointer stays
 * good while the document is open and the object holding it is not changed: read an object's entries through
 * pointers, change it through a wrapper, and look its entries up again after a change.
 */
export type Ptr = number;

/** The binding's PDFObject methods that read `this.pointer` only (and `resolve`, which hands its answer to `_doc`). */
type View = Omit<mupdf.PDFObject, 'pointer'> & { pointer: number; _doc: { _fromPDFObjectKeep(ptr: number): unknown } };

/** Names the reader compares values with; each is checked to be interned before its pointer is trusted. */
const VALUES = ['Page', 'Pages', 'Link', 'GoTo', 'URI', 'Widget'];

export class PdfNames {
  private readonly names = new Map<string, mupdf.PDFObject>();
  /** One-key paths for `get`, made once (a lookup runs a few hundred thousand times a file). */
  private readonly paths = new Map<string, [mupdf.PDFObject]>();
  /** Interned names by pointer (mupdf's constants), for the values in VALUES. */
  private readonly interned = new Map<number, string>();

  /**
   * One object that mupdf's own PDFObject methods run on for any pointer (`view(ptr).isArray()`): no wrapper made,
   * no reference taken, no finalizer registered. Its `_doc` hands `resolve` the pointer itself instead of a wrapper.
   */
  private readonly viewer: View;

  constructor(private readonly pdf: mupdf.PDFDocument) {
    const proto = Object.getPrototypeOf(pdf.newNull() as object) as object;
    this.viewer = Object.assign(Object.create(proto) as View, {
      pointer: 0,
      _doc: { _fromPDFObjectKeep: (ptr: number) => ptr },
    });
    // The binding's internal this relies on, checked once: a change in mupdf fails here, not in a customer's file.
    if (typeof this.viewer.resolve() !== 'number')
      throw new Error('mupdf binding changed: PdfNames cannot read through pointers');
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
  private lookup(obj: Pick<mupdf.PDFObject, '_get'>, keys: Array<mupdf.PDFObject | number>): number {
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

  /** True when `ptr` is the interned name `name` (one of VALUES); false says nothing when `name` is not interned. */
  isInterned(ptr: number, name: string): boolean {
    return ptr !== 0 && this.interned.get(ptr) === name;
  }

  private view(ptr: Ptr): View {
    this.viewer.pointer = ptr;
    return this.viewer;
  }

  /** The pointer a wrapper holds (an indirect reference stays one: `resolve` it to read the object). */
  ptr(obj: mupdf.PDFObject): Ptr {
    return obj.pointer as number;
  }

  /** The object an indirect reference points to (loading it if needed); any other object is itself. */
  resolve(ptr: Ptr): Ptr {
    return ptr === 0 ? 0 : (this.view(ptr).resolve() as unknown as Ptr);
  }

  /** The entry `key` of a dictionary (resolved first when a reference), unresolved; 0 when absent or not a dictionary. */
  get(ptr: Ptr, key: string): Ptr {
    if (ptr === 0) return 0;
    let path = this.paths.get(key);
    if (!path) this.paths.set(key, (path = [this.key(key)]));
    return this.lookup(this.view(ptr), path);
  }

  /** Element `index` of an array (resolved first when a reference), unresolved; 0 when out of range. */
  at(ptr: Ptr, index: number): Ptr {
    return ptr === 0 ? 0 : this.lookup(this.view(ptr), [index]);
  }

  /** An array's length (0 for anything else). */
  length(ptr: Ptr): number {
    return this.view(ptr).length;
  }

  isIndirect(ptr: Ptr): boolean {
    return this.view(ptr).isIndirect();
  }

  isDictionary(ptr: Ptr): boolean {
    return this.view(ptr).isDictionary();
  }

  isArray(ptr: Ptr): boolean {
    return this.view(ptr).isArray();
  }

  isNumber(ptr: Ptr): boolean {
    return this.view(ptr).isNumber();
  }

  isInteger(ptr: Ptr): boolean {
    return this.view(ptr).isInteger();
  }

  isString(ptr: Ptr): boolean {
    return this.view(ptr).isString();
  }

  /** A string's text (PDFDocEncoding or UTF-16 decoded, as `asString` reads it). */
  text(ptr: Ptr): string {
    return this.view(ptr).asString();
  }

  /** The object number of an indirect reference. */
  num(ptr: Ptr): number {
    return this.view(ptr).asIndirect();
  }

  number(ptr: Ptr): number {
    return this.view(ptr).asNumber();
  }

  /** The name `ptr` holds (an interned one told by its pointer), or null when absent or not a name. */
  name(ptr: Ptr): string | null {
    if (ptr === 0) return null;
    const known = this.interned.get(ptr);
    if (known !== undefined) return known;
    const v = this.view(ptr);
    return v.isName() ? v.asName() : null;
  }

  destroy() {
    for (const obj of this.names.values()) obj.destroy();
    this.names.clear();
    this.paths.clear();
    this.interned.clear();
  }
}
