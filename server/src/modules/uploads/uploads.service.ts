import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { safeFilename } from '@shop/shared/files/filename';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { UPLOAD_MESSAGES, type PdfUploadResult } from '@shop/shared/files/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { ACCEPTED_MAGICS, ConversionAbandoned, ConvertError, officeAvailable, toPdf } from '../convert/index.ts';
import {
  fileUrlOf,
  previewUrlOf,
  PRINT_COPY_VERSION,
  readFailureToAppError,
  readPdfFile,
  runConvertJob,
  type UploadOwner,
} from '../pdf/index.ts';
import { receiveUpload } from './upload-receiver.ts';

async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * An upload: streamed to a temporary file (size limit, sha256, its kind checked by content while reading), made a PDF
 * when it is a photo or an office file (convert), read in the PDF worker pool (its print copy made there when needed),
 * stored under a key the server makes, and only then recorded. Nothing is left behind on any failure.
 */
export async function uploadPdf(
  ctx: AppContext,
  request: FastifyRequest,
  uploader: number | UploadOwner,
): Promise<PdfUploadResult> {
  const owner: UploadOwner = typeof uploader === 'number' ? { userId: uploader } : uploader;
  // The reader's fairness queue, the storage folder and the log name the owner; staff keep their own folder.
  const ownerKey = owner.staffId !== undefined ? `staff-${owner.staffId}` : String(owner.userId);
  const who = owner.staffId !== undefined ? { staffId: owner.staffId } : { userId: owner.userId };
  const office = officeAvailable(ctx.config.SOFFICE_PATH, ctx.config.SOFFICE_SANDBOX);
  const upload = await receiveUpload(request, {
    field: 'file',
    // PDFs, and the photos and office documents the shop makes into PDFs (docs/decisions/017).
    expectMagic: ACCEPTED_MAGICS,
    onBadMagic: () => new AppError('invalid_file_type', 400, FORMAT_MESSAGES.notAccepted(office)),
    noFile: () => new AppError('no_file', 400, UPLOAD_MESSAGES.notPdf),
  });
  // A customer who closes the page abandons the upload: a conversion waiting or running for it is stopped.
  const abandoned = new AbortController();
  const socket = request.raw.socket;
  const onClose = () => abandoned.abort();
  socket?.once('close', onClose);
  try {
    let converted;
    try {
      converted = await toPdf(upload.tmpPath, {
        owner: ownerKey,
        signal: abandoned.signal,
        runJob: (input, timeoutMs) => runConvertJob(ownerKey, input, timeoutMs),
        soffice: ctx.config.SOFFICE_PATH,
        sandbox: ctx.config.SOFFICE_SANDBOX,
        timeoutMs: ctx.config.CONVERT_TIMEOUT_SECONDS * 1000,
        memoryBytes: ctx.config.SOFFICE_MEMORY_MB * 1024 * 1024,
        hide: [ctx.config.dataDir, process.cwd()],
      });
    } catch (err) {
      if (err instanceof ConvertError) throw new AppError(err.code, err.status, err.message);
      if (err instanceof ConversionAbandoned) throw new AppError('convert_cancelled', 400, 'The upload was cancelled.');
      throw err;
    }
    if (converted.from)
      request.log.info(
        { ...who, from: converted.from, ...(converted.linksRemoved ? { linksRemoved: converted.linksRemoved } : {}) },
        'document converted to PDF',
      );
    // The print copy (decision 032), written by the reader only when the file is not fit to keep as it came: active
    // content removed (decision 010), printing annotations flattened, layers resolved, process separations given
    // their colour, or a repaired file saved whole. Preview, colour pages, price, counter and printer all use it; the
    // PDF as sent is not kept.
    const cleanPath = path.join(path.dirname(upload.tmpPath), 'clean.pdf');
    let info;
    try {
      info = await readPdfFile(converted.pdfPath, { owner: ownerKey, cleanCopyPath: cleanPath });
    } catch (err) {
      throw readFailureToAppError(err);
    }
    const keptPath = info.cleaned ? cleanPath : converted.pdfPath;
    const kept =
      info.cleaned || converted.from ? await hashFile(keptPath) : { sha256: upload.sha256, size: upload.size };

    const id = crypto.randomUUID();
    const storageKey = `orders/${ownerKey}/${id}.pdf`;
    const originalFilename = safeFilename(
      converted.from ? upload.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '') : upload.filename,
      { extension: '.pdf', fallback: 'document' },
    );
    // The file as sent is kept beside its PDF, for the counter (decision 017).
    const sourceKey = converted.from
      ? `originals/${ownerKey}/${id}.${converted.from === 'jpeg' ? 'jpg' : converted.from}`
      : null;
    try {
      await ctx.storage.put(storageKey, fs.createReadStream(keptPath), 'application/pdf');
      if (sourceKey)
        await ctx.storage.put(
          sourceKey,
          fs.createReadStream(upload.tmpPath),
          upload.mimetype || 'application/octet-stream',
        );
    } catch (err) {
      request.log.error({ err: { message: (err as Error).message }, storageKey }, 'storing an upload failed');
      await ctx.storage.delete(storageKey).catch(() => {});
      if (sourceKey) await ctx.storage.delete(sourceKey).catch(() => {});
      throw new AppError('storage_failed', 503, UPLOAD_MESSAGES.storageFailed);
    }
    try {
      await ctx.db.insert(files).values({
        id,
        ownerUserId: owner.userId ?? null,
        uploadedByStaffId: owner.staffId ?? null,
        kind: 'order_pdf',
        storageKey,
        originalFilename,
        contentType: 'application/pdf',
        sizeBytes: kept.size,
        sha256: kept.sha256,
        pageCount: info.pageCount,
        pageSizes: info.sizeGroups,
        sourceKey,
        printCopy: PRINT_COPY_VERSION,
        sourceFormat: converted.from,
        sourceFilename: converted.from ? safeFilename(upload.filename, { fallback: 'document' }) : null,
      });
    } catch (err) {
      await ctx.storage.delete(storageKey).catch(() => {});
      if (sourceKey) await ctx.storage.delete(sourceKey).catch(() => {});
      throw err;
    }
    if (info.activeContent.length > 0)
      request.log.info({ fileId: id, ...who, removed: info.activeContent }, 'pdf active content removed');
    if (info.printCopyChanges.length > 0)
      request.log.info({ fileId: id, ...who, changes: info.printCopyChanges }, 'print copy made');
    request.log.info({ fileId: id, ...who, pages: info.pageCount, bytes: kept.size }, 'pdf uploaded');
    return {
      file: {
        id,
        url: fileUrlOf(id),
        path: storageKey,
        originalFilename,
        size: kept.size,
        previewUrl: previewUrlOf(id),
      },
      pdfInfo: {
        pageCount: info.pageCount,
        pages: info.pages,
        sizeGroups: info.sizeGroups,
        activeContentRemoved: info.activeContent.length > 0,
      },
      ...(converted.from
        ? {
            converted: {
              from: converted.from,
              originalFilename: upload.filename,
              ...(converted.linksRemoved ? { linksRemoved: true } : {}),
            },
          }
        : {}),
    };
  } finally {
    socket?.off('close', onClose);
    await upload.cleanup();
  }
}
