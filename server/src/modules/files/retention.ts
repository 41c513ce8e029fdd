import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { HANDED_OVER_STATUSES, isHandedOverStatus } from '@shop/shared/files/retention';
import type { AppContext } from '../../context.ts';
import { orderDocuments, orders } from '../../db/schema/index.ts';
import type { OrderStatusListener } from '../orders/index.ts';
import { documentsHoldingFiles, releaseDocuments, removeStoredFiles, type DeletedFile } from './file-deletion.ts';

const BATCH = 50;
const MAX_BATCHES_PER_RUN = 20;
const DAY = 86_400_000;

export interface RetentionResult {
  /** Orders whose files retention deleted. */
  ordersDone: number;
  /** Sensitive documents of handed-over orders deleted by the safety net (the status listener usually did it). */
  sensitiveDone: number;
  filesDeleted: number;
  bytesFreed: number;
}

/**
 * Retention, part of the clean-up run (docs/decisions/026): the files of orders ready FILE_RETENTION_DAYS ago, then
 * the sensitive documents of handed-over orders still holding a file. Safe on several server copies at once: orders
 * (and documents) are claimed in batches with FOR UPDATE SKIP LOCKED, each batch in one transaction with its rows;
 * stored objects go after the commit.
 */
export async function runFileRetention(ctx: AppContext, now = new Date()): Promise<RetentionResult> {
  const result: RetentionResult = { ordersDone: 0, sensitiveDone: 0, filesDeleted: 0, bytesFreed: 0 };
  const cutoff = new Date(now.getTime() - ctx.config.FILE_RETENTION_DAYS * DAY);
  const count = (deleted: DeletedFile[]) => {
    result.filesDeleted += deleted.length;
    result.bytesFreed += deleted.reduce((n, f) => n + f.sizeBytes, 0);
  };

  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const { claimed, deleted } = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(isNotNull(orders.completedAt), isNull(orders.filesDeletedAt), lt(orders.completedAt, cutoff)))
        .orderBy(asc(orders.completedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return { claimed: 0, deleted: [] };
      const ids = due.map((o) => o.id);
      const removed = await releaseDocuments(tx, await documentsHoldingFiles(tx, ids), 'retention', now);
      await tx.update(orders).set({ filesDeletedAt: now }).where(inArray(orders.id, ids));
      return { claimed: ids.length, deleted: removed };
    });
    await removeStoredFiles(ctx, deleted, 'retention');
    result.ordersDone += claimed;
    count(deleted);
    if (claimed < BATCH) break;
  }

  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const { claimed, deleted } = await ctx.db.transaction(async (tx) => {
      const docs = await tx
        .select({ id: orderDocuments.id })
        .from(orderDocuments)
        .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
        .where(
          and(
            eq(orderDocuments.sensitive, true),
            isNotNull(orderDocuments.fileId),
            inArray(orders.status, [...HANDED_OVER_STATUSES]),
          ),
        )
        .limit(BATCH)
        .for('update', { of: orderDocuments, skipLocked: true });
      if (!docs.length) return { claimed: 0, deleted: [] };
      return {
        claimed: docs.length,
        deleted: await releaseDocuments(
          tx,
          docs.map((d) => d.id),
          'sensitive',
          now,
        ),
      };
    });
    await removeStoredFiles(ctx, deleted, 'sensitive');
    result.sensitiveDone += claimed;
    count(deleted);
    if (claimed < BATCH) break;
  }
  if (result.ordersDone || result.sensitiveDone)
    ctx.log.info({ ...result }, 'clean-up: order files past retention deleted');
  return result;
}

/** The sensitive documents of one order, deleted now (the order was just handed over). */
export async function deleteSensitiveDocuments(ctx: AppContext, orderId: number, now = new Date()): Promise<number> {
  const deleted = await ctx.db.transaction(async (tx) =>
    releaseDocuments(tx, await documentsHoldingFiles(tx, [orderId], true), 'sensitive', now),
  );
  await removeStoredFiles(ctx, deleted, 'sensitive');
  return deleted.length;
}

/**
 * Listener on every status change (orders/order-transition.ts): an order collected or delivered loses its
 * sensitive documents' files right away. Should this fail, the next clean-up run does it.
 */
export const deleteSensitiveAtHandover: OrderStatusListener = async (ctx, change) => {
  if (!isHandedOverStatus(change.to)) return;
  const held = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.orderId, change.order.id),
        eq(orderDocuments.sensitive, true),
        isNotNull(orderDocuments.fileId),
      ),
    );
  if (!held[0]?.n) return;
  const n = await deleteSensitiveDocuments(ctx, change.order.id, change.at);
  ctx.log.info({ orderId: change.order.id, files: n }, 'sensitive documents deleted at handover');
};
