import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { assertDocumentDownloadable } from './download-guard.ts';
import { documentAt } from './order-documents.ts';
import type { OrderRow } from './orders.repository.ts';
import { noteBackOfficeDownload } from './orders.service.ts';
import type { OrdersContext } from './order-transition.ts';

/** The file a converted document was made from (a Word file, a photo), as the customer sent it. */
export async function sendDocumentSource(
  ctx: OrdersContext,
  request: FastifyRequest,
  reply: FastifyReply,
  order: OrderRow,
  position: number,
) {
  const doc = await documentAt(ctx.db, order, position);
  if (doc) assertDocumentDownloadable(ctx.config, request.principal, order.userId, doc);
  const [file] = doc?.fileId ? await ctx.db.select().from(files).where(eq(files.id, doc.fileId)).limit(1) : [];
  if (!file?.sourceKey) throw notFound('This document was uploaded as a PDF; there is no other original.');
  const object = await ctx.storage.get(file.sourceKey);
  if (!object) throw notFound('File not found');
  await noteBackOfficeDownload(ctx, request, order);
  const name =
    (file.sourceFilename ?? 'original')
      .replace(/[\\/]/g, '_')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, 150) || 'original';
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (object.size) reply.header('content-length', String(object.size));
  return reply.send(object.stream);
}
