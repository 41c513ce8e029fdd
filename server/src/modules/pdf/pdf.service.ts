import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { PdfError } from './pdf-errors.ts';
import { ensurePrintCopy } from './legacy-print-copy.ts';
import { PdfBusyError, PdfWorkerUnavailable, renderPreview } from './pdf-reader.ts';
import { previewKeyOf } from './preview-key.ts';

/** What the preview and download routes need of a customer's file (never its page list). */
export type OwnPdf = Pick<
  typeof files.$inferSelect,
  'id' | 'storageKey' | 'originalFilename' | 'pageCount' | 'printCopy'
>;

/** The reader's refusals that are not about the file: too many waiting (429 for this customer, 503 for the shop). */
function readerErrorToAppError(err: unknown): AppError | null {
  if (err instanceof PdfBusyError) return new AppError('pdf_busy', err.scope === 'owner' ? 429 : 503, err.message);
  if (err instanceof PdfWorkerUnavailable)
    return new AppError('pdf_unavailable', 503, 'We cannot read PDF files right now. Please try again in a moment.');
  return null;
}

/** What the caller is told when reading a file failed: the file's own problem (400), or the reader busy or down. */
export function readFailureToAppError(err: unknown): unknown {
  if (err instanceof PdfError) return new AppError(err.code, 400, err.message);
  return readerErrorToAppError(err) ?? err;
}

/** Who an upload belongs to: a customer (or the admin) by account, or a clerk uploading at the counter (decision 025). */
export type UploadOwner = { userId: number; staffId?: undefined } | { staffId: number; userId?: undefined };

export const previewUrlOf = (id: string) => `/api/pdf/${id}/preview`;
export const fileUrlOf = (id: string) => `/api/pdf/${id}/file`;
/** Where a file's preview is stored (preview-key.ts, which legacy-print-copy.ts imports without a cycle). */
export { previewKeyOf };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's own uploaded PDF, or a 404 (the same for someone else's file as for a missing one). */
export async function findOwnPdf(ctx: AppContext, fileId: string, userId: number): Promise<OwnPdf> {
  const row = UUID.test(fileId)
    ? (
        await ctx.db
          .select({
            id: files.id,
            storageKey: files.storageKey,
            originalFilename: files.originalFilename,
            pageCount: files.pageCount,
            printCopy: files.printCopy,
          })
          .from(files)
          .where(and(eq(files.id, fileId), eq(files.ownerUserId, userId), eq(files.kind, 'order_pdf')))
          .limit(1)
      )[0]
    : undefined;
  if (!row) throw new AppError('not_found', 404, 'File not found');
  return row;
}

async function readObject(ctx: AppContext, key: string): Promise<Buffer | null> {
  const obj = await ctx.storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of obj.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Page 1 of the print copy as PNG, as it prints; rendered once (by the owner's turn in the reader), then served from
 * `previews/{id}.png`. A file an earlier release stored as uploaded gets its print copy first (and a new picture).
 */
export async function previewPng(ctx: AppContext, row: OwnPdf, userId: number): Promise<Buffer> {
  const storageKey = await ensurePrintCopy(ctx, row, String(userId));
  const cached = await readObject(ctx, previewKeyOf(row.id)).catch(() => null);
  if (cached && cached.length > 0) return cached;
  const pdf = await readObject(ctx, storageKey);
  if (!pdf) throw new AppError('not_found', 404, 'File not found');
  let png: Buffer;
  try {
    png = await renderPreview(pdf, String(userId));
  } catch (err) {
    if (err instanceof PdfError && (err.code === 'pdf_too_slow' || err.code === 'pdf_too_complex'))
      throw new AppError('preview_failed', 422, UPLOAD_MESSAGES.previewTooComplex);
    if (err instanceof PdfError) throw new AppError('preview_failed', 422, 'No preview is available for this file.');
    throw readerErrorToAppError(err) ?? err;
  }
  await ctx.storage.put(previewKeyOf(row.id), png, 'image/png').catch((err: Error) => {
    ctx.log.warn({ err: { message: err.message }, fileId: row.id }, 'caching a preview failed');
  });
  return png;
}
