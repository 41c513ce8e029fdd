import { and, inArray, isNull, lt, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files, orderDocuments, orders } from '../../db/schema/index.ts';
import { every, type Job } from '../../jobs/runner.ts';
import { previewKeyOf } from '../pdf/index.ts';
import { DbRateStore, CUSTOMER_FILE_KINDS } from '../quotas/index.ts';
import { runFileRetention, type RetentionResult } from './retention.ts';

/** Stored objects made from an upload, deleted with it. */
const derivedKeys = (fileId: string) => [previewKeyOf(fileId)];

const BATCH = 100;
const MAX_BATCHES_PER_RUN = 20;

export interface CleanupResult {
  draftsExpired: number;
  uploadsDeleted: number;
  bytesFreed: number;
  rateLimitRowsDeleted: number;
  /** Order files past FILE_RETENTION_DAYS, and sensitive documents of handed-over orders (docs/decisions/026). */
  retention: RetentionResult;
}

/**
 * One clean-up run (docs/decisions/012-quotas-and-clean-up.md; retention of ordered files: 026). Safe on several server copies at once: the draft
 * update is idempotent, each batch of uploads is claimed with FOR UPDATE SKIP LOCKED (two copies never take the same
 * row) and deleted in that transaction, and the stored objects go after the commit (a copy that dies in between
 * leaves objects without a row, never a row without its object).
 */
export async function runCleanup(ctx: AppContext, now = new Date()): Promise<CleanupResult> {
  const result: CleanupResult = {
    draftsExpired: 0,
    uploadsDeleted: 0,
    bytesFreed: 0,
    rateLimitRowsDeleted: 0,
    retention: { ordersDone: 0, sensitiveDone: 0, filesDeleted: 0, bytesFreed: 0 },
  };

  // 1. Unpaid drafts past DRAFT_EXPIRY_HOURS are marked expired (reconciliation stops asking about them).
  const draftCutoff = new Date(now.getTime() - ctx.config.DRAFT_EXPIRY_HOURS * 3600_000);
  const expired = await ctx.db
    .update(orders)
    .set({ expiredAt: now })
    .where(and(eq(orders.status, 'pending_payment'), isNull(orders.expiredAt), lt(orders.createdAt, draftCutoff)))
    .returning({ id: orders.id });
  result.draftsExpired = expired.length;

  // 2. Uploads never ordered, older than UPLOAD_RETENTION_HOURS. A file only unpaid drafts use is kept while one of
  // them is open, and for UPLOAD_RETENTION_HOURS more after the last expired (a payment can still arrive late).
  const cutoff = new Date(now.getTime() - ctx.config.UPLOAD_RETENTION_HOURS * 3600_000);
  const keptOrder = sql`(o.status <> 'pending_payment' or o.expired_at is null or o.expired_at > ${cutoff.toISOString()}::timestamptz)`;
  const stillWanted = sql`exists (select 1 from ${orderDocuments} d join ${orders} o on o.id = d.order_id where d.file_id = ${files.id} and ${keptOrder})`;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: files.id,
          storageKey: files.storageKey,
          sourceKey: files.sourceKey,
          replacedKey: files.replacedKey,
          sizeBytes: files.sizeBytes,
        })
        .from(files)
        .where(and(inArray(files.kind, [...CUSTOMER_FILE_KINDS]), lt(files.createdAt, cutoff), sql`not ${stillWanted}`))
        .orderBy(files.createdAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!rows.length) return rows;
      const ids = rows.map((r) => r.id);
      // Expired drafts keep their record (and file names) but no longer point at the file (order_documents.file_id is
      // set null by the file's foreign key).
      await tx.delete(files).where(inArray(files.id, ids));
      return rows;
    });
    for (const row of claimed) {
      for (const key of [
        row.storageKey,
        ...(row.sourceKey ? [row.sourceKey] : []),
        ...(row.replacedKey ? [row.replacedKey] : []),
        ...derivedKeys(row.id),
      ]) {
        await ctx.storage.delete(key).catch((err: Error) => {
          ctx.log.warn({ err: { message: err.message }, fileId: row.id }, 'clean-up could not delete a stored object');
        });
      }
      result.uploadsDeleted += 1;
      result.bytesFreed += row.sizeBytes;
    }
    if (claimed.length < BATCH) break;
  }

  // 3. The files of orders ready FILE_RETENTION_DAYS ago; sensitive documents of handed-over orders.
  result.retention = await runFileRetention(ctx, now);

  // 4. Rate-limit rows whose time has passed.
  result.rateLimitRowsDeleted = await new DbRateStore(ctx.db).prune(now.getTime());

  if (result.draftsExpired || result.uploadsDeleted)
    ctx.log.info({ ...result }, 'clean-up: drafts expired and unordered uploads deleted');
  return result;
}

export const CLEANUP_JOB = 'clean-up';

/**
 * Expired drafts, unordered uploads, files past retention and spent rate-limit rows, every CLEANUP_INTERVAL_MINUTES
 * (0 = off; docs/decisions/012-quotas-and-clean-up.md). One server copy runs it at a time.
 */
export function cleanupJob(ctx: AppContext): Job | null {
  const minutes = ctx.config.CLEANUP_INTERVAL_MINUTES;
  if (minutes <= 0) return null;
  return {
    name: CLEANUP_JOB,
    leaseMs: 10 * 60_000,
    nextRun: every(minutes * 60_000),
    run: async () => ({ ...(await runCleanup(ctx)) }),
  };
}
