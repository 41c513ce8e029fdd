import type { FastifyInstance } from 'fastify';
import { FILE_MANAGER_MESSAGES, type ManagedFile } from '@shop/shared/files/file-manager';
import { fileManagerRoutes as routes } from '@shop/shared/files/routes';
import { isFinishedStatus, isHandedOverStatus } from '@shop/shared/files/retention';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../config/env.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { deleteFilesEverywhere, removeStoredFiles } from './file-deletion.ts';
import { findManagedFile, listFiles, type ListedFile } from './file-manager.repository.ts';
import { filesDueAt } from '../orders/index.ts';

const HOUR = 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** When the clean-up deletes a file (docs/decisions/012 for uploads, 026 for ordered files). */
function deletionOf(row: ListedFile, config: Config): Pick<ManagedFile, 'deleteRule' | 'deleteAt'> {
  const o = row.order;
  const uploadHours = config.UPLOAD_RETENTION_HOURS * HOUR;
  if (!o) return { deleteRule: 'upload', deleteAt: new Date(row.createdAt.getTime() + uploadHours).toISOString() };
  if (o.status === 'pending_payment') {
    const from = o.expiredAt ? Math.max(o.expiredAt.getTime(), row.createdAt.getTime()) : null;
    return { deleteRule: 'draft', deleteAt: from === null ? null : new Date(from + uploadHours).toISOString() };
  }
  if (row.sensitive && !isHandedOverStatus(o.status)) return { deleteRule: 'after_handover', deleteAt: null };
  if (o.completedAt) return { deleteRule: 'scheduled', deleteAt: filesDueAt(config, o.completedAt).toISOString() };
  return { deleteRule: 'after_ready', deleteAt: null };
}

function toManagedFile(row: ListedFile, config: Config): ManagedFile {
  const paid = !!row.order && row.order.status !== 'pending_payment';
  return {
    id: row.id,
    key: row.storageKey,
    size: row.sizeBytes,
    lastModified: row.createdAt.toISOString(),
    // Only what the counter may download anyway: a file of a paid order that is not a sensitive document.
    downloadUrl: paid && !row.sensitive ? `/api/admin/files/${row.id}/download` : null,
    originalName: row.originalFilename,
    kind: row.kind as ManagedFile['kind'],
    customer: row.ownerId === null ? null : { id: row.ownerId, name: row.ownerName ?? '' },
    order: row.order
      ? {
          id: row.order.id,
          orderNumber: row.order.orderNumber,
          status: row.order.status,
          finished: isFinishedStatus(row.order.status),
          paid,
        }
      : null,
    otherOrders: Math.max(0, row.orderCount - 1),
    sensitive: row.sensitive,
    source: row.sourceFormat
      ? { format: row.sourceFormat, filename: row.sourceFilename ?? row.originalFilename }
      : null,
    ...deletionOf(row, config),
  };
}

/**
 * The admin's file manager (docs/decisions/026): the customers' files the shop keeps, from the database, with
 * who, which order, how big, how old and when they go; delete; download where the counter could download too.
 * The original API's bucket listing, raw-key download and "copy to the admin bucket" are gone: they served any stored
 * object (sensitive documents, page previews) and kept copies outside the retention promise.
 */
export async function fileManagerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);

    admin.route({
      ...routes.list,
      handler: async (request) => {
        const q = request.query;
        const { rows, total } = await listFiles(ctx.db, q);
        return {
          files: rows.map((r) => toManagedFile(r, ctx.config)),
          total,
          page: q.page,
          pageSize: q.pageSize,
          sort: q.sort,
          dir: q.dir,
          retentionDays: ctx.config.FILE_RETENTION_DAYS,
          uploadRetentionHours: ctx.config.UPLOAD_RETENTION_HOURS,
        };
      },
    });

    admin.route({
      ...routes.download,
      handler: async (request, reply) => {
        const found = UUID.test(request.params.id) ? await findManagedFile(ctx.db, request.params.id) : undefined;
        if (!found) throw notFound(FILE_MANAGER_MESSAGES.notFound);
        const paid = found.uses.some((u) => u.status !== 'pending_payment');
        if (!paid || found.uses.some((u) => u.sensitive))
          throw new AppError('not_downloadable', 403, FILE_MANAGER_MESSAGES.noDownload);
        const object = await ctx.storage.get(found.file.storageKey);
        if (!object) throw notFound(FILE_MANAGER_MESSAGES.notFound);
        reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition(found.file.originalFilename))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        if (object.size) reply.header('content-length', String(object.size));
        return reply.send(object.stream);
      },
    });

    admin.route({
      ...routes.remove,
      handler: async (request) => {
        const found = UUID.test(request.params.id) ? await findManagedFile(ctx.db, request.params.id) : undefined;
        if (!found) throw notFound(FILE_MANAGER_MESSAGES.notFound);
        const { confirmUnfinished } = request.query;
        const unfinished = found.uses.find((u) => u.status !== 'pending_payment' && !isFinishedStatus(u.status));
        if (unfinished && !confirmUnfinished)
          throw new AppError('order_not_ready', 409, FILE_MANAGER_MESSAGES.unfinished(unfinished.orderNumber));
        const deleted = await ctx.db.transaction((tx) =>
          deleteFilesEverywhere(tx, [found.file.id], 'admin', new Date()),
        );
        await removeStoredFiles(ctx, deleted, 'admin');
        const p = request.principal;
        request.log.info(
          {
            fileId: found.file.id,
            orders: found.uses.map((u) => u.orderId),
            by: p?.kind === 'user' ? p.user.id : null,
          },
          'admin deleted a file',
        );
        return { message: FILE_MANAGER_MESSAGES.deleted(found.file.originalFilename), id: found.file.id };
      },
    });
  });
}
