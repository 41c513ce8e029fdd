import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfNames } from '../../src/modules/pdf/pdf-names.ts';

/**
 * The reader's lookups without wrapper objects (pdf-names.ts) answer exactly what mupdf's `get` answers, and the
 * names it compares by pointer are interned by this mupdf (were they not, the reader would still be right, only
 * slower: it would read every name as text).
 */
describe('PdfNames lookups', () => {
  const pdf = new mupdf.PDFDocument();
  const k = new PdfNames(pdf);
  afterAll(() => {
    k.destroy();
    pdf.destroy();
  });

  const annotation = pdf.addObject(pdf.newDictionary());
  annotation.put('Subtype', pdf.newName('Link'));
  annotation.put('A', pdf.newDictionary());
  annotation.get('A').put('S', pdf.newName('GoTo'));
  annotation.put('AA', pdf.newNull());
  annotation.put('Custom', pdf.newName('NotAStandardName'));
  annotation.put('Text', pdf.newString('Link'));
  const annots = pdf.newArray();
  annots.push(annotation);

  /** What `get` (a wrapper object per lookup) says, as the reader asked before. */
  const viaGet = (obj: mupdf.PDFObject, ...path: Array<string | number>) => {
    const v = obj.get(...path);
    try {
      return { present: !v.isNull(), name: v.isName() ? v.asName() : null };
    } finally {
      if (!v.isNull()) v.destroy();
    }
  };

  const cases: Array<Array<string | number>> = [
    [0, 'Subtype'],
    [0, 'A', 'S'],
    [0, 'A', 'Next'],
    [0, 'AA'],
    [0, 'Custom'],
    [0, 'Text'],
    [0, 'Missing'],
    [1, 'Subtype'],
  ];
  it.each(cases)('%s / %s / … answers as get does', (...path) => {
    const expected = viaGet(annots, ...path);
    expect(k.has(annots, ...path)).toBe(expected.present);
    expect(k.nameAt(annots, ...path)).toBe(expected.name);
  });

  /** The same path read through pointers: each step looked up, the annotation resolved once. */
  const viaPointers = (obj: mupdf.PDFObject, index: number, ...keys: string[]) => {
    let ptr = k.resolve(k.at(k.resolve(k.ptr(obj)), index));
    for (const key of keys) ptr = k.get(ptr, key);
    return { present: ptr !== 0, name: k.name(ptr) };
  };

  it.each(cases)('%s / %s / … read through pointers answers as get does', (index, ...keys) => {
    expect(viaPointers(annots, index as number, ...(keys as string[]))).toEqual(viaGet(annots, index, ...keys));
  });

  it('reads numbers, arrays and references through pointers as the wrappers do', () => {
    const page = pdf.addObject(pdf.newDictionary());
    page.put('MediaBox', [0, 0, 595.28, 841.89]);
    page.put('Rotate', 90);
    page.put('Parent', annotation);
    const dict = k.resolve(k.ptr(page));
    expect(k.isIndirect(k.ptr(page))).toBe(true);
    expect(k.isDictionary(dict)).toBe(true);
    const box = k.get(dict, 'MediaBox');
    expect(k.isArray(box)).toBe(true);
    expect(k.length(box)).toBe(4);
    expect(k.number(k.at(box, 2))).toBeCloseTo(595.28, 2);
    expect(k.at(box, 4)).toBe(0);
    expect(k.isInteger(k.get(dict, 'Rotate'))).toBe(true);
    expect(k.number(k.get(dict, 'Rotate'))).toBe(90);
    expect(k.num(k.get(dict, 'Parent'))).toBe(annotation.asIndirect());
    expect(k.get(dict, 'CropBox')).toBe(0);
    expect(k.resolve(0)).toBe(0);
  });

  it('the names compared by pointer are interned by this mupdf (else every name is read as text)', () => {
    for (const name of ['Page', 'Pages', 'Link', 'GoTo', 'URI', 'Widget'])
      expect(k.isInterned(k.key(name).pointer, name), name).toBe(true);
  });
});
