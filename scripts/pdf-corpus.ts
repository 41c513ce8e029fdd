import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The optional larger PDF corpus (real documents from other tools, with a manifest.json in the same format as
 * server/test/fixtures/pdfs): PDF_CORPUS_DIR, or `shared/pdf-corpus` next to the repository. Undefined when
 * neither holds a manifest: the tests then run on the repository's own fixtures only and say the corpus was skipped.
 */
export function findPdfCorpus(): string | undefined {
  const candidates = [process.env.PDF_CORPUS_DIR, path.resolve(REPO_ROOT, '..', 'shared', 'pdf-corpus')];
  return candidates.find((dir): dir is string => Boolean(dir) && fs.existsSync(path.join(dir!, 'manifest.json')));
}
