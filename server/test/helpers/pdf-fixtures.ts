import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { findPdfCorpus } from '../../../scripts/pdf-corpus.ts';

/**
 * The PDFs tests upload and read: the repository's own fixtures (made by scripts/make-test-pdfs.ts, committed), and
 * the larger shared corpus as an optional extra set when it is found (PDF_CORPUS_DIR or ../shared/pdf-corpus).
 */
export const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/pdfs');
export const fixturePdf = (name: string) => path.join(FIXTURES_DIR, name);

/** One manifest line, as scripts/make-test-pdfs.ts writes it (the shared corpus' manifest has the same fields). */
export interface PdfManifestEntry {
  bytes: number;
  /** Pages poppler's pdfinfo reads; null when it cannot read the file. */
  pdfinfo_pages: number | null;
  /** Distinct [width, height, rotation] in points, as stored (before the rotation is applied). */
  distinct_page_boxes_pt_and_rotation: Array<[number, number, number]>;
  note: string;
  /** The fixtures' manifest only: checksum, and the orientation as printed (null: unreadable). */
  sha256?: string;
  orientation?: 'portrait' | 'landscape' | 'mixed' | null;
}

export function readPdfManifest(dir: string): Record<string, PdfManifestEntry> {
  return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, PdfManifestEntry>;
}

export const CORPUS_DIR = findPdfCorpus();

/** [name, folder] of every PDF set found: the fixtures always, the shared corpus when present. */
export const PDF_SETS: Array<[string, string]> = [
  ['fixtures', FIXTURES_DIR],
  ...(CORPUS_DIR ? [['shared corpus', CORPUS_DIR] as [string, string]] : []),
];

const CORPUS_SKIPPED = 'the shared PDF corpus (optional; PDF_CORPUS_DIR or ../shared/pdf-corpus): not found, skipped';

/** In a test file that reads the PDF sets: when the optional corpus is absent, the run says so (a skipped test, a line). */
export function noteCorpusSkipped(): void {
  if (CORPUS_DIR) return;
  it.skip(CORPUS_SKIPPED, () => {});
  console.log(`[pdf] ${CORPUS_SKIPPED}`);
}
