import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What poppler's pdftotext (layout kept) or pdffonts reads in a PDF. */
export function poppler(tool: 'pdftotext' | 'pdffonts', bytes: Buffer | Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pdf-'));
  try {
    const file = path.join(dir, 'a.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync(tool, tool === 'pdftotext' ? ['-layout', file, '-'] : [file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const pdfText = (bytes: Buffer | Uint8Array) => poppler('pdftotext', bytes);
