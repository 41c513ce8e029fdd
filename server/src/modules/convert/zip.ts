import zlib from 'node:zlib';

/**
 * Just enough of the zip format for office files (DOCX, XLSX, PPTX and OpenDocument are zips): the entries listed
 * in the central directory, each one's bytes inflated under a byte budget, and a zip written back. No zip64, no
 * encryption (office files never need them; a zip that does is refused by the caller as unreadable).
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read here. */
  method: number;
  /** General purpose flags (bit 0: encrypted, bit 3: sizes in a data descriptor, bit 11: UTF-8 name). */
  flags: number;
  crc: number;
  compressedSize: number;
  /** What the central directory declares: never trusted for a budget (the inflated bytes are counted). */
  declaredSize: number;
  localOffset: number;
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
export const MAX_ZIP_ENTRIES = 10_000;

/** The entries of a zip, read from its central directory (the end of the file); null when there is none. */
export function readZipEntries(buf: Buffer): ZipEntry[] | null {
  const tail = buf.subarray(Math.max(0, buf.length - 65_557));
  const eocdInTail = tail.lastIndexOf(EOCD);
  if (eocdInTail < 0 || eocdInTail + 22 > tail.length) return null;
  const eocd = buf.length - tail.length + eocdInTail;
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > buf.length) return null;
  const dir = buf.subarray(dirOffset, dirOffset + dirSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < Math.min(count, MAX_ZIP_ENTRIES + 1); i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLen = dir.readUInt16LE(p + 28);
    entries.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLen),
      flags: dir.readUInt16LE(p + 8),
      method: dir.readUInt16LE(p + 10),
      crc: dir.readUInt32LE(p + 16),
      compressedSize: dir.readUInt32LE(p + 20),
      declaredSize: dir.readUInt32LE(p + 24),
      localOffset: dir.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
  }
  return entries;
}

/** The entry's bytes as stored in the zip (still compressed); null when the local header is not where it says. */
export function rawEntryBytes(zip: Buffer, entry: ZipEntry): Buffer | null {
  const p = entry.localOffset;
  if (p + 30 > zip.length || zip.readUInt32LE(p) !== 0x04034b50) return null;
  const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  if (start + entry.compressedSize > zip.length) return null;
  return zip.subarray(start, start + entry.compressedSize);
}

/** Inflating would pass the budget: a zip bomb, or simply more than a document may hold. */
export class ZipBudgetError extends Error {}

/**
 * One entry's bytes, inflated, at most `max` bytes: past that a ZipBudgetError (zlib stops as soon as the output
 * passes the limit, so a bomb costs no more than the budget); null when the entry cannot be read.
 */
export function inflateEntry(zip: Buffer, entry: ZipEntry, max: number): Buffer | null {
  const raw = rawEntryBytes(zip, entry);
  if (!raw || entry.flags & 1) return null;
  if (entry.method === 0) {
    if (raw.length > max) throw new ZipBudgetError(entry.name);
    return raw;
  }
  if (entry.method !== 8) return null;
  try {
    return zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, max) });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipBudgetError(entry.name);
    return null;
  }
}

export interface ZipWriteEntry {
  name: string;
  /** The entry's bytes (empty when `raw` is given). */
  data: Buffer;
  /** 0 stored (OpenDocument's `mimetype` must be), 8 deflated. */
  method: 0 | 8;
  /** The entry as already stored in another zip (same method): copied as it is, not compressed again. */
  raw?: { bytes: Buffer; crc: number; size: number };
}

/** A zip of `entries`, in that order (OpenDocument wants `mimetype` first and stored). */
export function writeZip(entries: readonly ZipWriteEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.raw ? e.raw.bytes : e.method === 8 ? zlib.deflateRawSync(e.data, { level: 6 }) : e.data;
    const crc = e.raw ? e.raw.crc : zlib.crc32(e.data) >>> 0;
    const size = e.raw ? e.raw.size : e.data.length;
    const flags = /[^\x20-\x7e]/.test(e.name) ? 0x0800 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00, a fixed time: the same input makes the same bytes
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
