import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { PdfError } from './pdf-errors.ts';
import { previewKeyOf } from './preview-key.ts';
import { PdfBusyError, PdfWorkerUnavailable, readPdfFile } from './pdf-reader.ts';
import { forgetPageCopy } from './page-copies.ts';

/** The print-copy rules this release makes (files.print_copy; docs/decisions/032). */
export const PRINT_COPY_VERSION = 1;
/** files.print_copy of an earlier release's file whose print copy could not be made: kept and used as stored. */
export const KEPT_AS_STORED = 0;

async function keepAsStored(ctx: AppContext, fileId: string) {
  await ctx.db
    .update(files)
    .set({ printCopy: KEPT_AS_STORED })
    .where(and(eq(files.id, fileId), isNull(files.printCopy)));
}

export interface StoredPdf {
  id: string;
  storageKey: string;
  pageCount: number | null;
  printCopy: number | null;
}

/**
 * A file an earlier release stored as uploaded (files.print_copy null) gets its print copy the first time its pages
 * are looked at again (its colour pages, its page pictures, its preview): made from the stored file by the same
 * worker job as an upload, stored under a new key, and the row moved to it, its colour pages to be measured afresh.
 * The file it had is kept (`replaced_key`) for the orders placed before, which print it as they always did (their
 * documents name it), and is deleted with the row. A file that needs no change is only marked. Two requests at once
 * make it once: the row moves only from a null print_copy, the loser's copy is deleted.
 */
export async function ensurePrintCopy(ctx: AppContext, file: StoredPdf, owner: string): Promise<string> {
  if (file.printCopy !== null) return file.storageKey;
  const object = await ctx.storage.get(file.storageKey);
  if (!object) throw notFound('File not found');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-print-copy-'));
  try {
    const stored = path.join(dir, 'stored.pdf');
    const copy = path.join(dir, 'print-copy.pdf');
    await pipeline(object.stream, fs.createWriteStream(stored));
    let info;
    try {
      info = await readPdfFile(stored, { owner, cleanCopyPath: copy });
    } catch (err) {
      if (err instanceof PdfBusyError) throw new AppError('pdf_busy', err.scope === 'owner' ? 429 : 503, err.message);
      if (err instanceof PdfWorkerUnavailable)
        throw new AppError('pdf_unavailable', 503, 'We cannot read PDF files right now. Please try again in a moment.');
      // The stored file reads differently now (a limit it passed before): it stays as it is, used as before, and is
      // not tried again (print_copy 0).
      ctx.log.warn(
        {
          fileId: file.id,
          err: { message: (err as Error).message, code: err instanceof PdfError ? err.code : undefined },
        },
        'print copy of an earlier upload could not be made',
      );
      await keepAsStored(ctx, file.id);
      return file.storageKey;
    }
    if (info.pageCount !== file.pageCount) {
      ctx.log.warn(
        { fileId: file.id, stored: file.pageCount, read: info.pageCount },
        'print copy of an earlier upload has another page count; kept as it is',
      );
      await keepAsStored(ctx, file.id);
      return file.storageKey;
    }
    if (!info.cleaned) {
      await ctx.db
        .update(files)
        .set({ printCopy: PRINT_COPY_VERSION, colourPages: null })
        .where(and(eq(files.id, file.id), isNull(files.printCopy)));
      return file.storageKey;
    }
    const newKey = file.storageKey.replace(/(\.pdf)?$/i, `.print-${PRINT_COPY_VERSION}.pdf`);
    const bytes = await fsp.readFile(copy);
    await ctx.storage.put(newKey, fs.createReadStream(copy), 'application/pdf');
    const moved = await ctx.db
      .update(files)
      .set({
        storageKey: newKey,
        replacedKey: file.storageKey,
        sizeBytes: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        printCopy: PRINT_COPY_VERSION,
        colourPages: null,
      })
      .where(and(eq(files.id, file.id), isNull(files.printCopy)))
      .returning({ id: files.id });
    if (!moved.length) {
      await ctx.storage.delete(newKey).catch(() => {});
      const [now] = await ctx.db
        .select({ storageKey: files.storageKey })
        .from(files)
        .where(eq(files.id, file.id))
        .limit(1);
      return now?.storageKey ?? file.storageKey;
    }
    // The pictures drawn from the file as it was go.
    forgetPageCopy(file.id);
    await ctx.storage.delete(previewKeyOf(file.id)).catch(() => {});
    ctx.log.info(
      { fileId: file.id, changes: info.printCopyChanges, activeContent: info.activeContent },
      'print copy made for an earlier upload',
    );
    return newKey;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
