import { describe, expect, it } from 'vitest';
import { MAX_FILENAME_LENGTH, safeFilename } from './filename.ts';

describe('safeFilename', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ravi\\Report.PDF', 'Report.pdf'],
    ['notes\u0000\u0007.pdf', 'notes.pdf'],
    ['  .hidden.pdf  ', 'hidden.pdf'],
    ['a<b>c:"d|e?f*.pdf', 'a_b_c__d_e_f_.pdf'],
    ['scan', 'scan.pdf'],
    ['', 'document.pdf'],
    ['../', 'document.pdf'],
    ['report.pdf.exe', 'report.pdf.exe.pdf'],
    ['తెలుగు పత్రం.pdf', 'తెలుగు పత్రం.pdf'],
  ])('%j → %j (PDF)', (raw, expected) => {
    expect(safeFilename(raw, { extension: '.pdf', fallback: 'document' })).toBe(expected);
  });

  it('limits the length and keeps the extension', () => {
    const long = safeFilename(`${'x'.repeat(500)}.pdf`, { extension: '.pdf' });
    expect(long.length).toBe(MAX_FILENAME_LENGTH);
    expect(long.endsWith('.pdf')).toBe(true);
    const other = safeFilename(`${'y'.repeat(500)}.docx`);
    expect(other.length).toBe(MAX_FILENAME_LENGTH);
    expect(other.endsWith('.docx')).toBe(true);
  });

  it('falls back for names that are not strings', () => {
    expect(safeFilename(undefined)).toBe('file');
    expect(safeFilename(42, { fallback: 'upload' })).toBe('upload');
  });
});
