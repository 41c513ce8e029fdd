import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FileDeletionReason } from '@shop/shared/files/retention';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { files, orderDocuments } from '../../db/schema/index.ts';
import { previewKeyOf, forgetPageCopy } from '../pdf/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A file row deleted in a transaction: its stored objects go after the commit (removeStoredFiles). */
export interface DeletedFile {
  id: string;
  storageKey: string;
  sourceKey: string | null;
  /** The file an earlier release stored, kept for older orders once its print copy was made (decision 032). */
  replacedKey: string | null;
  sizeBytes: number;
}

const deletedColumns = {
  id: files.id,
  storageKey: files.storageKey,
  sourceKey: files.sourceKey,
  replacedKey: files.replacedKey,
  sizeBytes: files.sizeBytes,
};

/** Locks file rows in id order (two deleters never wait on each other in a circle). */
async function lockFiles(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length)
    await tx
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [...ids]))
      .orderBy(asc(files.id))
      .for('update');
}

/** Deletes the rows of those files that no document (of an order or a draft) uses any more. */
async function deleteUnused(tx: Tx, ids: readonly string[]): Promise<DeletedFile[]> {
  if (!ids.length) return [];
  return tx
    .delete(files)
    .where(
      and(
        inArray(files.id, [...ids]),
        sql`not exists (select 1 from ${orderDocuments} d where d.file_id = ${files.id})`,
      ),
    )
    .returning(deletedColumns);
}

/**
 * In a transaction: these documents stop holding their files (marked deleted, with when and why, so downloads and
 * tracking can say so), and every file no other order or draft still uses is deleted (its row here, its objects after
 * the commit). A file printed again in a newer order stays for that order. The file rows are locked first, so two
 * server copies releasing two orders of one file at once leave neither a deleted file in use nor an unused one kept.
 */
export async function releaseDocuments(
  tx: Tx,
  documentIds: readonly number[],
  reason: FileDeletionReason,
  now: Date,
): Promise<DeletedFile[]> {
  if (!documentIds.length) return [];
  const held = await tx
    .select({ fileId: orderDocuments.fileId })
    .from(orderDocuments)
    .where(and(inArray(orderDocuments.id, [...documentIds]), isNotNull(orderDocuments.fileId)));
  const fileIds = [...new Set(held.map((d) => d.fileId!))];
  if (!fileIds.length) return [];
  await lockFiles(tx, fileIds);
  await tx
    .update(orderDocuments)
    .set({ fileId: null, fileDeletedAt: now, fileDeletedReason: reason })
    .where(and(inArray(orderDocuments.id, [...documentIds]), isNotNull(orderDocuments.fileId)));
  return deleteUnused(tx, fileIds);
}

/** In a transaction: the admin deletes these files outright; every document that used them is marked deleted. */
export async function deleteFilesEverywhere(
  tx: Tx,
  fileIds: readonly string[],
  reason: FileDeletionReason,
  now: Date,
): Promise<DeletedFile[]> {
  if (!fileIds.length) return [];
  await lockFiles(tx, fileIds);
  await tx
    .update(orderDocuments)
    .set({ fileId: null, fileDeletedAt: now, fileDeletedReason: reason })
    .where(inArray(orderDocuments.fileId, [...fileIds]));
  return deleteUnused(tx, fileIds);
}

/**
 * After the commit: the print copy, the original it was made from, the page-1 preview, and this server copy's
 * temporary page-image copy. A failed delete is logged and leaves an object without a row, never the reverse.
 */
export async function removeStoredFiles(
  ctx: AppContext,
  deleted: readonly DeletedFile[],
  reason: FileDeletionReason,
): Promise<void> {
  for (const f of deleted) {
    forgetPageCopy(f.id);
    for (const key of [
      f.storageKey,
      ...(f.sourceKey ? [f.sourceKey] : []),
      ...(f.replacedKey ? [f.replacedKey] : []),
      previewKeyOf(f.id),
    ]) {
      await ctx.storage.delete(key).catch((err: Error) => {
        ctx.log.warn(
          { err: { message: err.message }, fileId: f.id },
          'a deleted file’s stored object could not be removed',
        );
      });
    }
  }
  if (deleted.length)
    ctx.log.info(
      { files: deleted.length, bytes: deleted.reduce((n, f) => n + f.sizeBytes, 0), reason },
      'files deleted',
    );
}

/** The documents of these orders that still hold a file (only the sensitive ones with `sensitiveOnly`). */
export async function documentsHoldingFiles(
  db: Db | Tx,
  orderIds: readonly number[],
  sensitiveOnly = false,
): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .select({ id: orderDocuments.id })
    .from(orderDocuments)
    .where(
      and(
        inArray(orderDocuments.orderId, [...orderIds]),
        isNotNull(orderDocuments.fileId),
        ...(sensitiveOnly ? [eq(orderDocuments.sensitive, true)] : []),
      ),
    );
  return rows.map((r) => r.id);
}
