import zlib from 'node:zlib';

/**
 * Password-protected office files the shop can recognise before LibreOffice runs (headless, it cannot ask for the
 * password and would only fail after seconds with nothing said): a Word 97-2003 file with its FIB's fEncrypted bit,
 * and an OpenDocument file whose manifest carries encryption data. An encrypted .docx/.xlsx/.pptx is an OLE2
 * container holding an EncryptionInfo stream (detect.ts).
 */

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;

interface OleDirectoryEntry {
  name: string;
  /** 1 storage, 2 stream, 5 root. */
  type: number;
  start: number;
  size: number;
}

/** An OLE2 (Compound File) container's directory, read through its FAT (bounded); null when it is not one. */
function oleDirectory(buf: Buffer): {
  entries: OleDirectoryEntry[];
  sectorAt: (s: number) => number;
  size: number;
  chain: (first: number, max: number) => number[];
} | null {
  if (buf.length < 512 || buf.readUInt32BE(0) !== 0xd0cf11e0 || buf.readUInt32BE(4) !== 0xa1b11ae1) return null;
  const shift = buf.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const size = 1 << shift;
  const sectorAt = (s: number) => (s + 1) * size;
  // The FAT's own sectors listed in the header (109 of them: files up to ~7 MB with 512-byte sectors).
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = buf.readUInt32LE(0x4c + i * 4);
    if (s === FREE) break;
    fatSectors.push(s);
  }
  const perSector = size / 4;
  const next = (s: number): number => {
    const fat = fatSectors[Math.floor(s / perSector)];
    const at = fat === undefined ? -1 : sectorAt(fat) + (s % perSector) * 4;
    return at < 0 || at + 4 > buf.length ? END_OF_CHAIN : buf.readUInt32LE(at);
  };
  const chain = (first: number, max: number): number[] => {
    const out: number[] = [];
    for (let s = first; s !== END_OF_CHAIN && s !== FREE && out.length < max; s = next(s)) out.push(s);
    return out;
  };
  const entries: OleDirectoryEntry[] = [];
  // The directory (bounded), 128 bytes an entry; the root entry comes first.
  for (const s of chain(buf.readUInt32LE(0x30), 4096)) {
    const start = sectorAt(s);
    if (start + size > buf.length) break;
    for (let e = start; e < start + size; e += 128) {
      const nameLength = buf.readUInt16LE(e + 0x40);
      const type = buf[e + 0x42]!;
      if (type === 0 || nameLength < 2 || nameLength > 64) continue;
      entries.push({
        name: buf.toString('utf16le', e, e + nameLength - 2),
        type,
        start: buf.readUInt32LE(e + 0x74),
        size: buf.readUInt32LE(e + 0x78),
      });
    }
  }
  return entries.length > 0 && entries[0]!.type === 5 ? { entries, sectorAt, size, chain } : null;
}

/** The names of the streams and storages in an OLE2 container (WordDocument, Workbook, EncryptionInfo…); null when it is not one. */
export function oleEntryNames(buf: Buffer): string[] | null {
  return (
    oleDirectory(buf)
      ?.entries.slice(1)
      .map((e) => e.name) ?? null
  );
}

/** The first bytes of a named stream of an OLE2 (Compound File) container, or null when it cannot be found. */
function oleStreamHead(buf: Buffer, name: string, bytes: number): Buffer | null {
  const dir = oleDirectory(buf);
  if (!dir) return null;
  const { entries, sectorAt, size, chain } = dir;
  // Streams under 4096 bytes live in the mini stream (64-byte pieces inside the root entry's own stream).
  const miniSize = 1 << buf.readUInt16LE(0x20);
  const entry = entries.find((e) => e.type === 2 && e.name === name);
  if (!entry) return null;
  let at = sectorAt(entry.start);
  if (entry.size < 4096) {
    const root = chain(entries[0]!.start, 1 << 16);
    const offset = entry.start * miniSize;
    const host = root[Math.floor(offset / size)];
    if (host === undefined || bytes > miniSize) return null;
    at = sectorAt(host) + (offset % size);
  }
  return at + bytes <= buf.length ? buf.subarray(at, at + bytes) : null;
}

/** A Word 97-2003 document saved with a password to open (FIB: wIdent 0xA5EC, fEncrypted = bit 8 of its flags). */
export function isEncryptedWordDoc(buf: Buffer): boolean {
  const fib = oleStreamHead(buf, 'WordDocument', 12);
  return !!fib && fib.readUInt16LE(0) === 0xa5ec && (fib.readUInt16LE(0x0a) & 0x0100) !== 0;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** One entry's bytes (stored or deflated), at most `max` bytes inflated; null when it cannot be read. */
export function zipEntryBytes(zip: Buffer, entry: ZipEntry, max = 1024 * 1024): Buffer | null {
  const p = entry.localOffset;
  if (p + 30 > zip.length || zip.readUInt32LE(p) !== 0x04034b50) return null;
  const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  const raw = zip.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === 0) return raw.subarray(0, max);
    if (entry.method === 8) return zlib.inflateRawSync(raw, { maxOutputLength: max });
  } catch {
    return null;
  }
  return null;
}

/** An OpenDocument file saved with a password: its manifest lists encryption data for its parts. */
export function isEncryptedOpenDocument(zip: Buffer, entries: readonly ZipEntry[]): boolean {
  const manifest = entries.find((e) => e.name === 'META-INF/manifest.xml');
  if (!manifest) return false;
  return zipEntryBytes(zip, manifest)?.includes('encryption-data') ?? false;
}
