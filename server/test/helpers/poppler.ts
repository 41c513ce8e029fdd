import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What a poppler tool (pdftotext, pdffonts, pdfimages, pdfsig) says about a PDF's bytes, run with `args` before the
 * file (pdftotext keeps the layout unless `args` say otherwise, and writes to stdout). A tool that exits non-zero
 * answers what it printed: pdfsig does for a document whose signature does not verify.
 */
export function poppler(
  tool: 'pdftotext' | 'pdffonts' | 'pdfimages' | 'pdfsig',
  bytes: Buffer | Uint8Array,
  args: string[] = tool === 'pdftotext' ? ['-layout'] : [],
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pdf-'));
  try {
    const file = path.join(dir, 'a.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    if (stdout === undefined && stderr === undefined) throw err;
    return String(stdout ?? '') + String(stderr ?? '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text pdftotext reads in a PDF, its layout kept. */
export const pdfText = (bytes: Buffer | Uint8Array) => poppler('pdftotext', bytes);
