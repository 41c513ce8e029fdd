import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A PDF from the repository's test fixtures (server/test/fixtures/pdfs, made by scripts/make-test-pdfs.ts). */
export const testPdf = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/test/fixtures/pdfs', name);
