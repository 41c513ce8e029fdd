import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandPageSizeGroups } from '@shop/shared/files/schemas';
import {
  analyzePdf,
  analyzePdfFile,
  hasPdfHeader,
  namePaperSize,
  PDF_MESSAGES,
  PdfError,
  renderPreviewPng,
} from '../../src/modules/pdf/pdf-analyzer.ts';
import { closePdfWorker, isPdfWorkerRunning, readPdfFile, renderPreview } from '../../src/modules/pdf/pdf-reader.ts';
import {
  fixturePdf,
  noteCorpusSkipped,
  PDF_SETS,
  readPdfManifest,
  type PdfManifestEntry as ManifestEntry,
} from '../helpers/pdf-fixtures.ts';

/** Repairing readers may accept these when the page count matches (the fixtures' and the corpus' manifests). */
const REPAIRABLE = new Set(['bad-wrong-startxref.pdf', 'bad-garbage-middle.pdf']);
const PASSWORD_FILES = new Set(['q-aes256-userpw.pdf']);

/** The manifest's boxes as printed: a 90°/270° rotation swaps width and height. */
function printedBoxes(e: ManifestEntry): string[] {
  const set = new Set(
    e.distinct_page_boxes_pt_and_rotation.map(([w, h, r]) => (r % 180 === 90 ? `${h}x${w}` : `${w}x${h}`)),
  );
  return [...set].sort();
}

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

afterAll(() => closePdfWorker());

/** The upload worker streams the file from disk; previews and older callers hand over bytes. Both must agree. */
const READERS: Array<[string, (file: string) => ReturnType<typeof analyzePdf>]> = [
  ['analyzePdf (bytes in memory)', (file) => analyzePdf(fs.readFileSync(file))],
  ['analyzePdfFile (streamed from disk)', (file) => analyzePdfFile(file)],
];
/** Each reader over the repository's fixtures, and over the shared corpus when it is found. */
const CASES = PDF_SETS.flatMap(([set, dir]) =>
  READERS.map(([reader, read]) => [`${reader} over every file of the ${set}`, dir, read] as const),
);
noteCorpusSkipped();

describe.each(CASES)('%s', (_title, dir, readFile) => {
  const manifest = readPdfManifest(dir);
  const entries = Object.entries(manifest);
  const read = (name: string) => readFile(path.join(dir, name));

  it('the manifest lists every PDF in the folder', () => {
    const onDisk = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.pdf'))
      .sort();
    expect(Object.keys(manifest).sort()).toEqual(onDisk);
    expect(onDisk.length).toBeGreaterThan(15);
  });

  it.each(entries.filter(([n, e]) => e.pdfinfo_pages !== null && !PASSWORD_FILES.has(n)))(
    '%s: the manifest page count and page boxes',
    (name, e) => {
      const info = read(name);
      expect(info.pageCount).toBe(e.pdfinfo_pages);
      expect(info.pages).toHaveLength(e.pdfinfo_pages!);
      const got = [...new Set(info.pages.map((p) => `${Math.round(p.width)}x${Math.round(p.height)}`))].sort();
      expect(got).toEqual(printedBoxes(e));
      for (const p of info.pages) expect(p.size).toBe(namePaperSize(p.width, p.height));
      // The stored form: runs of equal sizes, which expand back to the very same list.
      expect(expandPageSizeGroups(info.sizeGroups)).toEqual(info.pages);
      info.sizeGroups
        .slice(1)
        .forEach((g, i) =>
          expect(g).not.toMatchObject({ width: info.sizeGroups[i]!.width, height: info.sizeGroups[i]!.height }),
        );
    },
  );

  it.each([...PASSWORD_FILES])('%s: refused with the password message', (name) => {
    const err = catchError(() => read(name));
    expect(err).toBeInstanceOf(PdfError);
    expect((err as PdfError).message).toBe(PDF_MESSAGES.password);
    expect((err as PdfError).code).toBe('pdf_password_protected');
  });

  it.each(entries.filter(([n, e]) => e.pdfinfo_pages === null && !REPAIRABLE.has(n)))(
    '%s: refused with a clear message',
    (name) => {
      const err = catchError(() => read(name));
      expect(err).toBeInstanceOf(PdfError);
      expect([PDF_MESSAGES.notPdf, PDF_MESSAGES.unreadable]).toContain((err as PdfError).message);
    },
  );

  it('checks the header by content: PNG, text and empty files are not PDFs', () => {
    expect(hasPdfHeader(fs.readFileSync(fixturePdf('notes-a4-38p.pdf')))).toBe(true);
    for (const name of ['bad-png-renamed.pdf', 'bad-text-renamed.pdf', 'bad-empty.pdf']) {
      expect(hasPdfHeader(fs.readFileSync(path.join(dir, name)))).toBe(false);
      expect((catchError(() => read(name)) as PdfError).code).toBe('invalid_file_type');
    }
  });
});

describe('paper size names', () => {
  it.each([
    [595, 842, 'a4'],
    [842, 595, 'a4'],
    [593, 839, 'a4'],
    [596, 843, 'a4'],
    [842, 1191, 'a3'],
    [612, 792, 'letter'],
    [610, 789, 'letter'],
    [612, 1008, 'legal'],
    [300, 400, 'custom'],
    [620, 800, 'custom'],
  ])('%d x %d is %s', (w, h, size) => {
    expect(namePaperSize(w, h)).toBe(size);
  });
});

describe('preview and the worker thread', () => {
  const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

  it('renders page 1 as a small PNG, rotation applied', () => {
    const png = renderPreviewPng(fs.readFileSync(fixturePdf('landscape-a4.pdf')));
    expect(isPng(png)).toBe(true);
    expect(png.readUInt32BE(16)).toBe(300); // IHDR width
    expect(png.readUInt32BE(20)).toBeLessThan(300); // landscape
  });

  it('reads files and renders previews off the main thread, with the same errors', async () => {
    const info = await readPdfFile(fixturePdf('q-mixed-sizes-rotated.pdf'));
    expect(info.pageCount).toBe(8);
    expect(isPdfWorkerRunning()).toBe(true);
    await expect(readPdfFile(fixturePdf('q-aes256-userpw.pdf'))).rejects.toThrow(PDF_MESSAGES.password);
    await expect(readPdfFile(fixturePdf('bad-truncated-tail2k.pdf'))).rejects.toBeInstanceOf(PdfError);
    const png = await renderPreview(fs.readFileSync(fixturePdf('notes-a4-38p.pdf')));
    expect(isPng(png)).toBe(true);
  });

  it('answers many waiting requests each with its own file', async () => {
    const names = [
      'notes-a4-38p.pdf',
      'q-aes256-userpw.pdf',
      'landscape-a4.pdf',
      'bad-truncated-half.pdf',
      'many-pages-1030p.pdf',
      'report-a4-26p.pdf',
    ];
    const results = await Promise.allSettled(
      names.map((n, i) => readPdfFile(fixturePdf(n), { owner: `customer-${i}` })),
    );
    const summary = results.map((r) => (r.status === 'fulfilled' ? r.value.pageCount : (r.reason as PdfError).code));
    expect(summary).toEqual([38, 'pdf_password_protected', 1, 'pdf_unreadable', 1030, 26]);
  });
});
