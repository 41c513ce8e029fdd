import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';

/**
 * A customer scrolling their pages asks for dozens of thumbnails of one file in a minute: the file is copied out of
 * storage once to a temporary file that the PDF worker reads, kept a few minutes, at most COPIES_MAX files at once.
 */
const KEEP_MS = 5 * 60_000;
const COPIES_MAX = 16;
const copies = new Map<string, { ready: Promise<string>; dir: string; timer: NodeJS.Timeout }>();

function forget(id: string) {
  const hit = copies.get(id);
  if (!hit) return;
  copies.delete(id);
  clearTimeout(hit.timer);
  void fsp.rm(hit.dir, { recursive: true, force: true });
}

export function localCopy(ctx: AppContext, id: string, storageKey: string): Promise<string> {
  const hit = copies.get(id);
  if (hit) {
    hit.timer.refresh();
    return hit.ready;
  }
  if (copies.size >= COPIES_MAX) forget(copies.keys().next().value!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pages-'));
  const file = path.join(dir, 'doc.pdf');
  const ready = (async () => {
    const object = await ctx.storage.get(storageKey);
    if (!object) throw notFound('File not found');
    await pipeline(object.stream, fs.createWriteStream(file));
    return file;
  })();
  const timer = setTimeout(() => forget(id), KEEP_MS);
  timer.unref();
  copies.set(id, { ready, dir, timer });
  ready.catch(() => forget(id));
  return ready;
}

/** Drops one file's temporary copy (the file was deleted). */
export const forgetPageCopy = (fileId: string): void => forget(fileId);

/** Drops the temporary copies (the app closing). */
export function forgetPageCopies(): void {
  for (const id of [...copies.keys()]) forget(id);
}
