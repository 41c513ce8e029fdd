import fs from 'node:fs';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { buildPrintDocument, MAX_PRINT_PAGES, PrintDocumentError } from '../../src/modules/printing/print-document.ts';
import { lacksMedia, mediaFor, pwgDimensions } from '../../src/modules/printing/media.ts';
import { pageRanges } from '../../src/modules/printing/ticket-data.ts';
import { fixturePdf } from '../factories/index.ts';

/**
 * The print-ready PDF, page by page: which source page (or the ticket, or a blank back) each printed page is.
 * Pages are told apart by their text, which survives mupdf's copy of the page.
 */
const DOC = fs.readFileSync(fixturePdf('letter-a4-4p.pdf')); // 4 pages
const ONE = fs.readFileSync(fixturePdf('page-a4-1p.pdf')); // 1 page

function makeTicket(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: font } }, 'BT /F1 24 Tf 50 700 Td (TICKET) Tj ET'));
  return new Uint8Array(doc.saveToBuffer('').asUint8Array());
}
const TICKET = makeTicket();

function labels(pdf: Uint8Array, source: Uint8Array): string[] {
  const text = (d: mupdf.Document, i: number) =>
    d.loadPage(i).toStructuredText('').asText().replace(/\s+/g, ' ').trim();
  const src = mupdf.Document.openDocument(source, 'application/pdf');
  const srcTexts = Array.from({ length: src.countPages() }, (_, i) => text(src, i));
  const out = mupdf.Document.openDocument(pdf, 'application/pdf');
  return Array.from({ length: out.countPages() }, (_, i) => {
    const t = text(out, i);
    if (t === 'TICKET') return 'T';
    if (t === '') return '-';
    const n = srcTexts.indexOf(t);
    return n >= 0 ? String(n + 1) : '?';
  });
}

describe('the print-ready PDF', () => {
  it.each([
    ['one copy, one-sided', { copies: 1, duplex: false }, 'T 1 2 3 4'],
    ['copies collated, the ticket once', { copies: 3, duplex: false }, 'T 1 2 3 4 1 2 3 4 1 2 3 4'],
    ['two-sided: a blank back behind the ticket', { copies: 2, duplex: true }, 'T - 1 2 3 4 1 2 3 4'],
    ['a page list, in its order', { copies: 2, duplex: false, pages: [4, 1, 2] }, 'T 4 1 2 4 1 2'],
    [
      'two-sided odd page list: each copy starts on a new sheet',
      { copies: 2, duplex: true, pages: [1, 2, 3] },
      'T - 1 2 3 - 1 2 3 -',
    ],
    ['manual duplex, fronts', { copies: 2, duplex: true, pass: 1 as const }, 'T 1 3 1 3'],
    ['manual duplex, backs in reverse', { copies: 2, duplex: true, pass: 2 as const }, '4 2 4 2 -'],
    [
      'manual duplex, odd length: the last front gets a blank back',
      { copies: 1, duplex: true, pass: 2 as const, pages: [1, 2, 3] },
      '- 2 -',
    ],
    ['no ticket (PVC cards)', { copies: 2, duplex: false, ticket: null }, '1 2 3 4 1 2 3 4'],
  ])('%s', (_name, opts, expected) => {
    const {
      ticket = TICKET,
      pages = null,
      ...rest
    } = opts as typeof opts & { ticket?: Uint8Array | null; pages?: number[] | null };
    const r = buildPrintDocument({ source: DOC, ticket, pages, ...rest });
    expect(labels(r.pdf, DOC).join(' ')).toBe(expected);
    expect(r.pageCount).toBe(expected.split(' ').length);
  });

  it('shares the pages of every copy: ten copies are about the size of one', () => {
    const one = buildPrintDocument({ source: DOC, ticket: TICKET, pages: null, copies: 1, duplex: false }).pdf.length;
    const ten = buildPrintDocument({ source: DOC, ticket: TICKET, pages: null, copies: 10, duplex: false }).pdf.length;
    expect(ten).toBeLessThan(one * 1.5);
  });

  it('a one-page document two-sided with copies: every copy on its own sheet', () => {
    const r = buildPrintDocument({ source: ONE, ticket: TICKET, pages: null, copies: 3, duplex: true });
    expect(labels(r.pdf, ONE).join(' ')).toBe('T - 1 - 1 - 1 -');
  });

  it.each([
    ['a page outside the document', { pages: [5] }, /Page 5 is not in the document \(it has 4\)/],
    ['no page at all', { pages: [] }, /No pages/],
    ['more pages than one job may hold', { copies: Math.ceil(MAX_PRINT_PAGES / 4) + 1 }, /at most/],
  ])('refuses %s with a reason', (_n, opts, message) => {
    expect(() =>
      buildPrintDocument({ source: DOC, ticket: TICKET, pages: null, copies: 1, duplex: false, ...opts }),
    ).toThrow(message);
  });

  it('refuses what is not a PDF, and a PDF that needs a password', () => {
    expect(() =>
      buildPrintDocument({
        source: Buffer.from('not a pdf at all'),
        ticket: null,
        pages: null,
        copies: 1,
        duplex: false,
      }),
    ).toThrow(PrintDocumentError);
    const locked = fs.readFileSync(fixturePdf('q-aes256-userpw.pdf'));
    expect(() => buildPrintDocument({ source: locked, ticket: null, pages: null, copies: 1, duplex: false })).toThrow(
      /password/,
    );
  });
});

describe('the print job draws as the print copy', () => {
  it('keeps each page’s transparency group (its blending colour space), which copying a page by its contents drops', () => {
    const doc = new mupdf.PDFDocument();
    const page = doc.addPage([0, 0, 595, 842], 0, {}, '0 0 1 rg 0 0 100 100 re f');
    page.put('Group', { Type: 'Group', S: 'Transparency', CS: 'DeviceCMYK', I: true });
    doc.insertPage(-1, page);
    const source = new Uint8Array(doc.saveToBuffer('').asUint8Array());
    const job = buildPrintDocument({ source, ticket: TICKET, pages: null, copies: 2, duplex: false });
    const out = mupdf.Document.openDocument(job.pdf, 'application/pdf').asPDF()!;
    expect(out.findPage(0).get('Group').isNull()).toBe(true); // the ticket has none
    for (const i of [1, 2]) expect(out.findPage(i).get('Group', 'CS').asName()).toBe('DeviceCMYK');
  });
});

describe('paper for the printer', () => {
  it.each([
    ['a4', 'bw', [], 'iso_a4_210x297mm'],
    ['a3', 'color', ['iso_a3_297x420mm', 'iso_a4_210x297mm'], 'iso_a3_297x420mm'],
    ['letter', 'bw', ['na_letter_8.5x11in'], 'na_letter_8.5x11in'],
    // A card printer names the CR80 card in its own way: matched by size.
    ['a4', 'pvc', ['om_cr80_53.98x85.6mm', 'na_index-4x6_4x6in'], 'om_cr80_53.98x85.6mm'],
    ['a4', 'pvc', ['custom_85.6x54mm_85.6x54mm'], 'custom_85.6x54mm_85.6x54mm'],
  ])('%s %s on a printer offering %j → %s', (size, type, supported, expected) => {
    expect(mediaFor(size, type, supported)).toBe(expected);
  });
  it('tells when a printer lists its paper and the order’s is not among it', () => {
    expect(lacksMedia('a3', 'bw', ['iso_a4_210x297mm'])).toBe(true);
    expect(lacksMedia('a3', 'bw', [])).toBe(false);
    expect(lacksMedia('a4', 'bw', ['iso_a4_210x297mm'])).toBe(false);
  });
  it('reads PWG names', () => {
    expect(pwgDimensions('na_letter_8.5x11in')).toEqual([215.9, 279.4]);
    expect(pwgDimensions('iso_a4_210x297mm')).toEqual([210, 297]);
    expect(pwgDimensions('auto')).toBeNull();
  });
  it('writes page lists as ranges for the ticket', () => {
    expect(pageRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
    expect(pageRanges([4])).toBe('4');
  });
});
