import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { ensurePrintCopy } from './legacy-print-copy.ts';
import { localCopy } from './page-copies.ts';
import { PdfBusyError, renderPage } from './pdf-reader.ts';

/** Thumbnail and enlarged widths (CSS pixels × 2 for sharp phone screens). */
export const PAGE_IMAGE_WIDTHS = { thumb: 240, large: 1000 } as const;

/** One page of the caller's own PDF as a PNG (every page is seen before paying: decision 028), as it prints. */
export async function pageImage(
  ctx: AppContext,
  fileId: string,
  userId: number,
  page: number,
  size: keyof typeof PAGE_IMAGE_WIDTHS,
): Promise<Buffer> {
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

export { forgetPageCopies, forgetPageCopy } from './page-copies.ts';
