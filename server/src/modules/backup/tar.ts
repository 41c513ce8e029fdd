import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type tarStream from 'tar-stream';

/** tar-stream (and its stream libraries), loaded by the first backup or restore rather than at start (decision 050). */
const loadTarStream = async () => (await import('tar-stream')).default;

/**
 * The backup archive is a plain POSIX tar file (written by `tar-stream`: ustar headers, PAX for long names), so an
 * owner can also look into it with `tar -tvf` or unpack it by hand. Entries are streamed in and out: a 2 GB shop
 * never sits in memory.
 */
export class ArchiveFormatError extends Error {}

async function write(entry: Writable, chunk: Buffer): Promise<void> {
  if (!entry.write(chunk)) await once(entry, 'drain');
}

/** Writes a tar file entry by entry, each write waiting for the disk (a slow disk slows the source instead of filling memory). */
export class TarWriter {
  private constructor(
    private readonly pack: tarStream.Pack,
    private readonly done: Promise<void>,
    private readonly file: string,
  ) {}

  static async create(file: string): Promise<TarWriter> {
    const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    await once(out, 'open');
    const pack = (await loadTarStream()).pack();
    const done = pipeline(pack, out);
    done.catch(() => {}); // awaited in finish/abort
    return new TarWriter(pack, done, file);
  }

  private entry(name: string, size: number, mtime: Date): { stream: Writable; written: Promise<void> } {
    let stream!: Writable;
    const written = new Promise<void>((resolve, reject) => {
      stream = this.pack.entry({ name, size, mtime, mode: 0o644, type: 'file' }, (err) =>
        err ? reject(err) : resolve(),
      ) as unknown as Writable;
    });
    return { stream, written };
  }

  async addBuffer(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    const { stream, written } = this.entry(name, data.length, mtime);
    if (data.length) await write(stream, data);
    stream.end();
    await written;
  }

  /**
   * Adds `size` bytes read from `source`; `onChunk` sees every chunk (for a checksum). A source longer or shorter
   * than announced fails the entry: the archive would be unreadable after it.
   */
  async addStream(
    name: string,
    size: number,
    source: Readable,
    onChunk: (chunk: Buffer) => void,
    mtime = new Date(),
  ): Promise<void> {
    const { stream, written } = this.entry(name, size, mtime);
    let seen = 0;
    for await (const raw of source) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
      seen += chunk.length;
      if (seen > size) {
        source.destroy();
        throw new Error(`${name} is longer than its ${size} bytes (it changed while being backed up)`);
      }
      onChunk(chunk);
      await write(stream, chunk);
    }
    if (seen !== size) throw new Error(`${name} ended after ${seen} of its ${size} bytes`);
    stream.end();
    await written;
  }

  /** Ends the archive; its bytes are on the disk (fsync) before this resolves. */
  async finish(): Promise<void> {
    this.pack.finalize();
    await this.done;
    const fh = await fsp.open(this.file, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  }

  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => {});
  }
}

export interface TarEntryInfo {
  name: string;
  size: number;
}

/**
 * Reads a tar file from start to end, handing each regular file's data to `onEntry` as a stream (which must be read
 * to its end). A file that is not a tar file, or is cut short, is an ArchiveFormatError.
 */
export async function readTar(
  file: string,
  onEntry: (entry: TarEntryInfo, data: Readable) => Promise<void>,
): Promise<void> {
  const extract = (await loadTarStream()).extract();
  const source = fs.createReadStream(file);
  let sourceError: unknown = null;
  source.on('error', (err) => {
    sourceError = err;
    extract.destroy(err);
  });
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      const h = entry.header;
      if (h.type === 'file' || h.type === 'contiguous-file')
        await onEntry({ name: h.name, size: h.size ?? 0 }, entry as unknown as Readable);
      entry.resume();
    }
  } catch (err) {
    source.destroy();
    if (sourceError) throw sourceError;
    if (err instanceof ArchiveFormatError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    // tar-stream's words for a file that is not a tar file or ends early.
    if (/header|checksum|unexpected end|invalid|format/i.test(message))
      throw new ArchiveFormatError(/unexpected end/i.test(message) ? 'the archive is cut short' : message);
    throw err;
  }
}

/** Every entry's bytes (small archives: tests and the manifest). */
export async function readTarBuffers(file: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await readTar(file, async (entry, data) => {
    const chunks: Buffer[] = [];
    for await (const c of data) chunks.push(c as Buffer);
    out.set(entry.name, Buffer.concat(chunks));
  });
  return out;
}
