import fs from 'node:fs/promises';
import type { DocumentFormat } from '@shop/shared/files/formats';
import { isEncryptedOpenDocument, isEncryptedWordDoc, type ZipEntry } from './encrypted.ts';

/** The first bytes of each kind of file the shop takes: checked while the upload streams in. */
export const ACCEPTED_MAGICS = [
  Buffer.from('%PDF-', 'latin1'),
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
];

/** `broken`: the start of an office file (a zip) whose contents cannot be read, e.g. cut short in the download. */
export type Detected = DocumentFormat | 'encrypted_office' | 'broken' | 'unknown';

/** The entries of a zip file, read from its central directory (the end of the file); [] when there is none. */
function zipEntries(buf: Buffer): ZipEntry[] {
  const tail = buf.subarray(Math.max(0, buf.length - 65_557));
  const eocdInTail = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocdInTail < 0 || eocdInTail + 22 > tail.length) return [];
  const eocd = buf.length - tail.length + eocdInTail;
  const count = Math.min(buf.readUInt16LE(eocd + 10), 2000);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (dirSize > 4 * 1024 * 1024 || dirOffset + dirSize > buf.length) return [];
  const dir = buf.subarray(dirOffset, dirOffset + dirSize);
  const entries: ZipEntry[] = [];
  for (let p = 0, i = 0; i < count && p + 46 <= dir.length && dir.readUInt32LE(p) === 0x02014b50; i++) {
    const nameLen = dir.readUInt16LE(p + 28);
    entries.push({ name: dir.toString('utf8', p + 46, p + 46 + nameLen), method: dir.readUInt16LE(p + 10), compressedSize: dir.readUInt32LE(p + 20), localOffset: dir.readUInt32LE(p + 42) });
    p += 46 + nameLen + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
  }
  return entries;
}

/**
 * What a received file is, by its content, never by its name: PDF, JPEG, PNG, an Office Open XML or OpenDocument
 * zip (by its entries), an OLE2 file (.doc, or an encrypted OOXML file, which is OLE2 holding EncryptionInfo).
 */
export async function detectFormat(path: string): Promise<Detected> {
  const file = await fs.open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, 8));
    await file.read(head, 0, head.length, 0);
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
    if (head.subarray(0, 8).equals(ACCEPTED_MAGICS[2]!)) return 'png';
    if (head.subarray(0, 8).equals(ACCEPTED_MAGICS[4]!)) {
      const all = await file.readFile();
      return all.includes(Buffer.from('EncryptionInfo', 'utf16le')) || isEncryptedWordDoc(all) ? 'encrypted_office' : 'doc';
    }
    if (head.subarray(0, 4).equals(ACCEPTED_MAGICS[3]!)) {
      const all = await file.readFile();
      const entries = zipEntries(all);
      if (entries.length === 0) return 'broken';
      const names = entries.map((e) => e.name);
      if (names.some((n) => n.startsWith('word/'))) return 'docx';
      if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
      if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
      if (names.includes('mimetype') && names.includes('content.xml')) return isEncryptedOpenDocument(all, entries) ? 'encrypted_office' : 'odt';
      return 'unknown';
    }
    return 'unknown';
  } finally {
    await file.close();
  }
}
