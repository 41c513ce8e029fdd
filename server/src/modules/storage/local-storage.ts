import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeKey, type Storage, type StoredObject } from './storage.ts';

/** Files in a local folder. Writes go to a temporary name and are renamed when complete, so no half file is ever visible. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  }

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key`);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('unsafe storage key');
    return full;
  }

  async put(key: string, body: Readable | Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(this.root, '.tmp', `${crypto.randomUUID()}.part`);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp));
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  /**
   * The file is opened here, not when the stream is first read: an object deleted a moment later (the clean-up, a
   * customer's "Delete my files now") is still read whole from the open file, and one already gone is null. A stream
   * opened lazily after a check would fail later instead, with nobody listening, and take the process down.
   */
  async get(key: string) {
    const p = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(p, 'r');
    } catch {
      return null;
    }
    try {
      const st = await handle.stat();
      if (st.isFile()) return { stream: handle.createReadStream() as Readable, size: st.size };
    } catch {
      // Answered as absent below.
    }
    await handle.close().catch(() => {});
    return null;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async list(prefix = '', limit = 1000): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    const walk = async (dir: string, rel: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (out.length >= limit) return;
        if (e.name.startsWith('.')) continue;
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(path.join(dir, e.name), key);
        else if (e.isFile() && key.startsWith(prefix)) {
          const st = await fsp.stat(path.join(dir, e.name));
          out.push({ key, size: st.size, lastModified: st.mtime });
        }
      }
    };
    await walk(this.root, '');
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const src = await this.get(fromKey);
    if (!src) throw Object.assign(new Error('source object not found'), { code: 'NoSuchKey' });
    await this.put(toKey, src.stream, 'application/octet-stream');
  }

  async check(): Promise<void> {
    const key = `.tmp/check-${crypto.randomUUID()}`;
    const p = path.join(this.root, key);
    await fsp.writeFile(p, 'ok');
    await fsp.rm(p, { force: true });
  }
}
