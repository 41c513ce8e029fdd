import { buildPdf, seededRandom, type PageSpec } from './pdf-writer.ts';

const WORDS = (
  'the shop prints binds and delivers notes records theses reports forms from every college in Guntur ' +
  'page copy sheet paper colour black white spiral lamination counter order customer pickup delivery ' +
  'chapter section figure table lecture exercise answer question summary method result value'
).split(' ');

/** Lines of pseudo-text: deterministic for a seed, different on every page. */
export function textLines(random: () => number, count: number, words = 11): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' '),
  );
}

export interface BigPdfOptions {
  pages: number;
  /** Aimed-for size in bytes: every page carries a share of it as a grey noise picture. */
  bytes: number;
  seed?: number;
}

/**
 * A large text-and-scan document like the ones customers upload: A4 pages with a heading, 40 lines of text,
 * four link annotations and a noise picture sized so the whole file lands within 1 % of `bytes`; dictionaries in
 * object streams (about 11 objects a page, as a pdfTeX manual re-written by qpdf). Used by the upload-limit and
 * crash tests and by the bench; generated when needed (never committed: about 8–10 MB).
 */
export function makeBigPdf({ pages, bytes, seed = 3097 }: BigPdfOptions): Buffer {
  const random = seededRandom(seed);
  const text = Array.from({ length: pages }, (_, i) => [
    `Chapter ${Math.floor(i / 40) + 1}, page ${i + 1} of ${pages}`,
    '',
    ...textLines(random, 40),
  ]);
  const spec = (imageBytes: (page: number) => number): PageSpec[] =>
    text.map((lines, i) => ({ width: 595, height: 842, lines, links: 4, imageBytes: imageBytes(i) }));
  const options = { objectStreams: true, title: `Large test document, ${pages} pages`, seed };
  // Pictures are rows of 256 grey pixels. Made once with one row a page, the rest of the file is known exactly.
  const rest =
    buildPdf(
      spec(() => 256),
      options,
    ).length -
    256 * pages;
  const rows = Math.round((bytes - rest) / 256);
  if (rows < pages)
    throw new Error(`${pages} pages already take ${rest + 256 * pages} bytes: no room to aim at ${bytes}`);
  const base = Math.floor(rows / pages);
  const pdf = buildPdf(
    spec((i) => 256 * (base + (i < rows - base * pages ? 1 : 0))),
    options,
  );
  if (Math.abs(pdf.length - bytes) > bytes * 0.01) throw new Error(`made ${pdf.length} bytes, aimed at ${bytes}`);
  return pdf;
}
