import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * The backup archive is a plain POSIX tar file (ustar, with PAX headers for long names and big files), so an owner can
 * also look into it with `tar -tvf` or unpack it by hand. Written and read here without a dependency: the shop only
 * reads archives it made, and a tar file is 512-byte headers followed by the data padded to 512 bytes.
 */
const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777; // 11 octal digits: just under 8 GiB

export class ArchiveFormatError extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(Math.min(size, MAX_OCTAL_SIZE), 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len) len = String(len).length + Buffer.byteLength(body);
  return `${len}${body}`;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes a tar file entry by entry; every write is awaited, so a slow disk slows the reader of the source instead of filling memory. */
export class TarWriter {
  private bytes = 0;
  private constructor(private readonly fh: fsp.FileHandle) {}

  static async create(file: string): Promise<TarWriter> {
    return new TarWriter(await fsp.open(file, 'wx', 0o600));
  }

  get size(): number {
    return this.bytes;
  }

  private async write(buf: Buffer | Uint8Array): Promise<void> {
    let off = 0;
    while (off < buf.length) {
      const { bytesWritten } = await this.fh.write(buf, off, buf.length - off);
      off += bytesWritten;
    }
    this.bytes += buf.length;
  }

  private async writeHeader(name: string, size: number, mtime: Date): Promise<void> {
    const nameBytes = Buffer.byteLength(name);
    if (nameBytes > 100 || size > MAX_OCTAL_SIZE) {
      const pax = Buffer.from(paxRecord('path', name) + paxRecord('size', String(size)));
      await this.write(header('PaxHeader', pax.length, 'x', mtime));
      await this.write(pax);
      await this.write(Buffer.alloc(padding(pax.length)));
    }
    await this.write(header(nameBytes > 100 ? name.slice(0, 99) : name, size, '0', mtime));
  }

  async addBuffer(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.writeHeader(name, data.length, mtime);
    await this.write(data);
    await this.write(Buffer.alloc(padding(data.length)));
  }

  /**
   * Adds `size` bytes read from `stream`; `onChunk` sees every chunk (for a checksum). A source that turns out
   * longer or shorter than announced fails the entry: the archive would be unreadable after it.
   */
  async addStream(name: string, size: number, stream: Readable, onChunk: (chunk: Buffer) => void, mtime = new Date()): Promise<void> {
    await this.writeHeader(name, size, mtime);
    let seen = 0;
    for await (const raw of stream) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
      seen += chunk.length;
      if (seen > size) {
        stream.destroy();
        throw new Error(`${name} is longer than its ${size} bytes (it changed while being backed up)`);
      }
      onChunk(chunk);
      await this.write(chunk);
    }
    if (seen !== size) throw new Error(`${name} ended after ${seen} of its ${size} bytes`);
    await this.write(Buffer.alloc(padding(size)));
  }

  /** Two zero blocks end a tar file; the data reaches the disk before this resolves. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.fh.sync();
    await this.fh.close();
  }

  async abort(): Promise<void> {
    await this.fh.close().catch(() => {});
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's data starts in the file. */
  offset: number;
}

function readOctal(buf: Buffer, start: number, len: number): number {
  const text = buf.subarray(start, start + len).toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveFormatError('not a tar file (a header field is not a number)');
  return text ? parseInt(text, 8) : 0;
}

function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let off = 0;
  while (off < data.length) {
    const space = data.indexOf(0x20, off);
    if (space < 0) break;
    const len = Number(data.subarray(off, space).toString('ascii'));
    if (!Number.isInteger(len) || len <= 0 || off + len > data.length) throw new ArchiveFormatError('damaged PAX header');
    const record = data.subarray(space + 1, off + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    off += len;
  }
  return out;
}

/** Lists the entries of a tar file (regular files only), checking each header's checksum. */
export async function listTar(file: string): Promise<TarEntry[]> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size: total } = await fh.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let pos = 0;
    let pax: Record<string, string> | null = null;
    for (;;) {
      if (pos + BLOCK > total) throw new ArchiveFormatError('the archive is cut short (no end-of-archive marker)');
      await fh.read(block, 0, BLOCK, pos);
      if (block.every((b) => b === 0)) break;
      const stored = readOctal(block, 148, 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
      if (sum !== stored) throw new ArchiveFormatError('not a backup archive, or a damaged one (a tar header checksum is wrong)');
      const type = String.fromCharCode(block[156]!);
      let size = readOctal(block, 124, 12);
      let name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const prefix = block.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
      if (prefix) name = `${prefix}/${name}`;
      const dataAt = pos + BLOCK;
      if (type === 'x') {
        const data = Buffer.alloc(size);
        await fh.read(data, 0, size, dataAt);
        pax = parsePax(data);
      } else if (type === '0' || type === '\0') {
        if (pax?.path) name = pax.path;
        if (pax?.size) size = Number(pax.size);
        if (dataAt + size > total) throw new ArchiveFormatError(`the archive is cut short (inside ${name})`);
        entries.push({ name, size, offset: dataAt });
        pax = null;
      } else {
        pax = null; // directories, links: our archives have none; ignored
      }
      pos = dataAt + size + padding(size);
    }
    return entries;
  } finally {
    await fh.close();
  }
}

/** The data of one entry as a stream. */
export function readEntry(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

export async function readEntryBuffer(file: string, entry: TarEntry): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(entry.size);
    await fh.read(buf, 0, entry.size, entry.offset);
    return buf;
  } finally {
    await fh.close();
  }
}
