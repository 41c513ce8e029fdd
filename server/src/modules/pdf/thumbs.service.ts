import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { ensurePrintCopy } from './legacy-print-copy.ts';
import { PdfBusyError, renderPage } from './pdf-reader.ts';

/** Thumbnail and enlarged widths (CSS pixels × 2 for sharp phone screens). */
export const PAGE_IMAGE_WIDTHS = { thumb: 240, large: 1000 } as const;

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

function localCopy(ctx: AppContext, id: string, storageKey: string): Promise<string> {
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

/** One page of the caller's own PDF as a PNG (issue 12, item 3: see every page before paying), as it prints. */
export async function pageImage(ctx: AppContext, fileId: string, userId: number, page: number, size: keyof typeof PAGE_IMAGE_WIDTHS): Promise<Buffer> {
  const [file] = await ctx.db
    .select({ id: files.id, storageKey: files.storageKey, pageCount: files.pageCount, printCopy: files.printCopy })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerUserId, userId), eq(files.kind, 'order_pdf')))
    .limit(1);
  if (!file) throw notFound('File not found');
  if (!Number.isInteger(page) || page < 1 || page > (file.pageCount ?? 0)) throw notFound('Page not found');
  // The pictures are of the print copy (made now for a file an earlier release stored as uploaded).
  const storageKey = await ensurePrintCopy(ctx, file, String(userId));
  const local = await localCopy(ctx, file.id, storageKey);
  try {
    return await renderPage(local, page, PAGE_IMAGE_WIDTHS[size], String(userId));
  } catch (err) {
    if (err instanceof PdfBusyError) throw new AppError('pdf_busy', err.scope === 'owner' ? 429 : 503, err.message);
    throw new AppError('page_unavailable', 503, 'This page could not be shown just now. Please try again.');
  }
}

/** Drops one file's temporary copy (the file was deleted). */
export const forgetPageCopy = (fileId: string): void => forget(fileId);

/** Drops the temporary copies (the app closing). */
export function forgetPageCopies(): void {
  for (const id of [...copies.keys()]) forget(id);
}
