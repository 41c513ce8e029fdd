import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { orderRoutes as routes } from '@shop/shared/orders/routes';
import { requireSignedIn } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import {
  assertDocumentDownloadable,
  documentAt,
  printCopyName,
  printedPagesOf,
  type OrderRow,
  findVisibleOrder,
  noteBackOfficeDownload,
  pdfDownloadHeaders,
  type OrdersContext,
} from '../orders/index.ts';
import { PrintDocumentError } from './print-document-error.ts';
import { runPrintWork } from './print-worker-client.ts';

/** Stored files are at most 10 MB; this bounds what one download can make the server hold. */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_SOURCE_BYTES) {
      stream.destroy();
      throw new AppError(
        'too_large',
        413,
        'This document is too large to cut to its pages here. Download the whole file instead.',
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** A walk-in's paper original (decision 025) is photocopied by hand: there is nothing to download. */
export const PAPER_ORIGINAL_NO_FILE =
  'This document is a paper original brought to the counter: there is no file. Photocopy it from the paper.';

/** `thesis.pdf` printing pages 12-40 downloads as `thesis (pages 12-40).pdf`. */
export function rangeFilename(original: string, range: string): string {
  const base = original.replace(/\.pdf$/i, '');
  return `${base} (pages ${range.replace(/, /g, ',')}).pdf`;
}

/**
 * One document of an order as it prints: the stored file when all its pages print, otherwise a PDF made on the server
 * of exactly the pages paid for, in order (made in the print worker, off the event loop, as the printer gets it).
 */
export async function sendDocumentFile(
  ctx: OrdersContext,
  request: FastifyRequest,
  reply: FastifyReply,
  order: OrderRow,
  position: number,
) {
  const doc = await documentAt(ctx.db, order, position);
  if (!doc) throw notFound('Document not found');
  if (doc.paperOriginal || !doc.filePath) throw notFound(PAPER_ORIGINAL_NO_FILE);
  assertDocumentDownloadable(ctx.config, request.principal, order.userId, doc);
  const object = await ctx.storage.get(doc.filePath);
  if (!object) throw notFound('File not found');
  await noteBackOfficeDownload(ctx, request, order);
  if (!doc.pageRange) {
    pdfDownloadHeaders(reply, printCopyName(doc));
    if (object.size) reply.header('content-length', String(object.size));
    return reply.send(object.stream);
  }
  const pages = printedPagesOf(doc);
  const source = await readAll(object.stream);
  let pdf: Uint8Array;
  try {
    ({ pdf } = await runPrintWork({
      op: 'document',
      ticket: null,
      document: { source: new Uint8Array(source), pages, copies: 1, duplex: false },
    }));
  } catch (err) {
    if (err instanceof PrintDocumentError) throw new AppError('document_unreadable', 409, (err as Error).message);
    throw err;
  }
  pdfDownloadHeaders(reply, rangeFilename(printCopyName(doc), doc.pageRange));
  return reply
    .header('content-length', String(pdf.byteLength))
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}

/** `GET /api/orders/:ref/documents/:position/file`: one document of the order as it prints (its owner, staff, admin). */
export async function documentFileRoutes(app: FastifyInstance, ctx: OrdersContext): Promise<void> {
  typed(app).route({
    ...routes.documentFile,
    preValidation: requireSignedIn,
    handler: async (request, reply) =>
      sendDocumentFile(
        ctx,
        request,
        reply,
        await findVisibleOrder(ctx, request.principal, request.params.ref),
        request.params.position,
      ),
  });
}
