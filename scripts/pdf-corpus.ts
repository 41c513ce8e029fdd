import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hasManifest = (dir: string) => fs.existsSync(path.join(dir, 'manifest.json'));

/**
 * Where the shared PDF corpus is (tests, journeys and the bench read it), in this order: PDF_CORPUS_DIR;
 * `shared/pdf-corpus` next to the repository; next to the checkout this one was cloned from, when that is a
 * folder on this machine (`git clone . /tmp/fresh` works as it is). Undefined when none has a manifest.
 */
export function findPdfCorpus(): string | undefined {
  if (process.env.PDF_CORPUS_DIR) return process.env.PDF_CORPUS_DIR;
  const candidates = [path.resolve(REPO_ROOT, '..', 'shared', 'pdf-corpus')];
  try {
    const origin = execFileSync('git', ['config', '--get', 'remote.origin.url'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const local = origin.startsWith('file://') ? fileURLToPath(origin) : origin;
    if (local && path.isAbsolute(local)) candidates.push(path.resolve(local, '..', 'shared', 'pdf-corpus'));
  } catch {
    /* not a git checkout, or no origin */
  }
  return candidates.find(hasManifest);
}

/** The same, for the test runners' configs: sets PDF_CORPUS_DIR (inherited by their workers) when it is found. */
export function exportPdfCorpus(): void {
  const dir = findPdfCorpus();
  if (dir) process.env.PDF_CORPUS_DIR = dir;
}
