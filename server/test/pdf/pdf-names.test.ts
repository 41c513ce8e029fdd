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

  it('looks up under each entry of an array, and tells interned names by pointer', () => {
    const subtype = k.underEach('Subtype');
    const actionType = k.underEach('A', 'S');
    expect(k.isInterned(subtype(annots, 0), 'Link')).toBe(true);
    expect(k.isInterned(actionType(annots, 0), 'GoTo')).toBe(true);
    expect(k.isInterned(actionType(annots, 0), 'Link')).toBe(false);
    expect(subtype(annots, 1)).toBe(0);
    expect(k.underEach('A', 'Next')(annots, 0)).toBe(0);
  });

  it('the names compared by pointer are interned by this mupdf (else every name is read as text)', () => {
    for (const name of ['Page', 'Pages', 'Link', 'GoTo', 'Widget'])
      expect(k.isInterned(k.key(name).pointer, name), name).toBe(true);
  });
});
