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
import { PdfBusyError, readColourPages } from './pdf-reader.ts';
import type { UploadOwner } from './pdf.service.ts';

/**
 * The colour pages of a stored PDF (docs/decisions/016, 032), a customer's upload or a clerk's counter upload (only
 * its uploader's): measured on its print copy, as printed, by the PDF worker the first time they are asked for (the
 * "Colour pages in colour" choice, or a quote with it), then kept on the file's row. A file stored by an earlier
 * release gets its print copy first.
 */
export async function colourPagesOf(
  ctx: AppContext,
  fileId: string,
  uploader: number | UploadOwner,
): Promise<{ pageCount: number; colourPages: number[] }> {
  const owner: UploadOwner = typeof uploader === 'number' ? { userId: uploader } : uploader;
  const [file] = await ctx.db
    .select({
      id: files.id,
      storageKey: files.storageKey,
      pageCount: files.pageCount,
      colourPages: files.colourPages,
      printCopy: files.printCopy,
    })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        owner.staffId !== undefined ? eq(files.uploadedByStaffId, owner.staffId) : eq(files.ownerUserId, owner.userId),
        eq(files.kind, 'order_pdf'),
      ),
    )
    .limit(1);
  if (!file) throw notFound('File not found');
  if (file.colourPages && file.printCopy !== null)
    return { pageCount: file.pageCount ?? 0, colourPages: file.colourPages };
  const ownerKey = owner.staffId !== undefined ? `staff-${owner.staffId}` : String(owner.userId);
  const storageKey = await ensurePrintCopy(ctx, file, ownerKey);
  const object = await ctx.storage.get(storageKey);
  if (!object) throw notFound('File not found');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-colour-'));
  try {
    const tmp = path.join(dir, 'doc.pdf');
    await pipeline(object.stream, fs.createWriteStream(tmp));
    let found;
    try {
      found = await readColourPages(tmp, ownerKey);
    } catch (err) {
      if (err instanceof PdfBusyError) throw new AppError('pdf_busy', err.scope === 'owner' ? 429 : 503, err.message);
      ctx.log.warn({ err: { message: (err as Error).message }, fileId }, 'colour detection failed');
      throw new AppError(
        'colour_unavailable',
        503,
        'We could not check this document for colour pages just now. Please try again, or print all pages in colour.',
      );
    }
    await ctx.db.update(files).set({ colourPages: found.colourPages }).where(eq(files.id, file.id));
    return found;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
