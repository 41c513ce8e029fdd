import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_PDF_PAGES, pageCountMismatchMessage, UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { describe, expect, it } from 'vitest';
import { analyzePdf, PdfError } from '../../src/modules/pdf/pdf-analyzer.ts';
import {
  cyclicTreePdf,
  deepTreePdf,
  inheritedAttributesPdf,
  millionPagePdf,
  nonDictKidsPdf,
  pagedPdf,
  wrongParentPdf,
} from './crafted-pdfs.ts';

/** Pages are what a printer walking the tree prints (decision 010), never what /Count claims. */

function refusal(bytes: Buffer): PdfError {
  try {
    analyzePdf(bytes);
  } catch (err) {
    if (err instanceof PdfError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

/** What poppler (which trusts the root /Count, like the reader this replaced) says. */
function pdfinfoPages(bytes: Buffer): number | null {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pdfinfo-')), 'x.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString())?.[1],
    );
  } catch {
    return null;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe('page count by walking the page tree', () => {
  it('a real 100-page PDF whose root says /Count 1 is refused, saying both numbers (poppler reads 1 page)', () => {
    const bytes = pagedPdf({ pages: 100, rootCount: 1 });
    expect(pdfinfoPages(bytes)).toBe(1);
    const err = refusal(bytes);
    expect(err.code).toBe('pdf_page_tree_damaged');
    expect(err.message).toBe(
      "This PDF's page list is damaged (it says 1 page but holds 100). Please re-save it (Print → Save as PDF) and upload again.",
    );
  });

  it('a root /Count bigger than the pages held is refused too', () => {
    const err = refusal(pagedPdf({ pages: 3, rootCount: 40 }));
    expect(err.message).toBe(pageCountMismatchMessage(40, 3));
  });

  it('an inner node whose /Count lies is refused even when the root is right', () => {
    const err = refusal(pagedPdf({ pages: 20, fanout: 5, innerCount: (i, holds) => (i === 2 ? holds + 1 : holds) }));
    expect(err).toMatchObject({ code: 'pdf_page_tree_damaged', message: UPLOAD_MESSAGES.pageTreeDamaged });
  });

  it('honest trees read exactly, flat or nested', () => {
    expect(analyzePdf(pagedPdf({ pages: 100 })).pageCount).toBe(100);
    expect(analyzePdf(pagedPdf({ pages: 23, fanout: 5 })).pageCount).toBe(23);
    expect(analyzePdf(deepTreePdf(20)).pageCount).toBe(1);
  });

  it.each([
    ['a cycle (an inner node lists the root)', cyclicTreePdf],
    ['kids that are not pages (a number, a string, a font)', nonDictKidsPdf],
    ['a tree 100 levels deep', () => deepTreePdf(100)],
    ['a page whose /Parent is another node', wrongParentPdf],
  ])('refuses %s as a damaged page list', (_label, make) => {
    // (A walk without guards never returns from the cycle: the test's own time limit would fail it.)
    const err = refusal(make());
    expect(err).toMatchObject({ code: 'pdf_page_tree_damaged', message: UPLOAD_MESSAGES.pageTreeDamaged });
  });

  it('takes each page size from what it inherits along the tree (MediaBox, Rotate)', () => {
    const info = analyzePdf(inheritedAttributesPdf());
    expect(info.pages.map((p) => `${p.width}x${p.height} ${p.size}`)).toEqual([
      '842x595 a4',
      '842x595 a4',
      '842x1191 a3',
      '842x1191 a3',
      '595x842 a4',
    ]);
    expect(info.sizeGroups).toEqual([
      { width: 842, height: 595, size: 'a4', count: 2 },
      { width: 842, height: 1191, size: 'a3', count: 2 },
      { width: 595, height: 842, size: 'a4', count: 1 },
    ]);
  });
});

describe(`page cap (${MAX_PDF_PAGES} pages a file)`, () => {
  it('accepts a file of exactly the cap and refuses one page more with a clear message', () => {
    expect(analyzePdf(pagedPdf({ pages: MAX_PDF_PAGES, fanout: 100 })).pageCount).toBe(MAX_PDF_PAGES);
    const err = refusal(pagedPdf({ pages: MAX_PDF_PAGES + 1, fanout: 100 }));
    expect(err).toMatchObject({ code: 'pdf_too_many_pages', message: UPLOAD_MESSAGES.tooManyPages });
    expect(err.message).toContain('5,000 pages');
  });

  it('refuses the issue’s file (1,000,000 page objects, every count true) without reading every page', () => {
    const bytes = millionPagePdf();
    expect(bytes.length).toBeLessThan(10 * 1024 * 1024);
    const err = refusal(bytes);
    expect(err.code).toBe('pdf_too_many_pages');
  });

  it('says "too many pages", not "damaged", when a root claiming 1 page holds more than the cap', () => {
    expect(refusal(pagedPdf({ pages: MAX_PDF_PAGES + 10, fanout: 500, rootCount: 1 })).code).toBe('pdf_too_many_pages');
  });
});
