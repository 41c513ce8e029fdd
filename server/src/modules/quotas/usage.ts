import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files, orderDocuments, orders } from '../../db/schema/index.ts';

/** A draft's first document's file: a retried payment of the same order makes a new draft of the same first file. */
export const firstFile = sql`(select d.file_id from ${orderDocuments} d where d.order_id = ${orders.id} and d.position = 1)`;

/** Kinds of stored file a customer makes (service images are the admin's and never expire). */
export const CUSTOMER_FILE_KINDS = ['order_pdf', 'storage_test'] as const;

/** Not in any order past payment: no document of a paid order uses it (only drafts' documents, or none). */
const neverOrdered = sql`not exists (select 1 from ${orderDocuments} d join ${orders} o on o.id = d.order_id where d.file_id = ${files.id} and o.status <> 'pending_payment')`;

export interface UnorderedUploads {
  count: number;
  bytes: number;
  oldest: Date | null;
}

/**
 * What one account keeps in storage that was never ordered (the upload quota counts these): a customer's (or the
 * admin's) by account, a clerk's counter uploads by staff member (decision 025).
 */
export async function unorderedUploads(
  ctx: AppContext,
  owner: number | { staffId: number },
): Promise<UnorderedUploads> {
  const whose = typeof owner === 'number' ? eq(files.ownerUserId, owner) : eq(files.uploadedByStaffId, owner.staffId);
  const [row] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${files.sizeBytes}), 0)::bigint`,
      oldest: sql<string | Date | null>`min(${files.createdAt})`,
    })
    .from(files)
    .where(and(whose, inArray(files.kind, [...CUSTOMER_FILE_KINDS]), neverOrdered));
  return {
    count: Number(row?.count ?? 0),
    bytes: Number(row?.bytes ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Drafts still open for payment: unpaid, not marked expired, younger than DRAFT_EXPIRY_HOURS. */
export function openDraftCondition(ctx: AppContext, now: Date) {
  const since = new Date(now.getTime() - ctx.config.DRAFT_EXPIRY_HOURS * 3600_000);
  return and(eq(orders.status, 'pending_payment'), isNull(orders.expiredAt), gt(orders.createdAt, since));
}

/**
 * The account's open drafts, counted by document: drafts of the same file count once (a retried payment makes a
 * new draft each time, and must not use up the quota), drafts without a file once each.
 */
export async function openDrafts(
  ctx: AppContext,
  userId: number,
  now = new Date(),
  only?: SQL,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await ctx.db
    .select({
      count: sql<number>`count(distinct coalesce(${firstFile}::text, ${orders.id}::text))::int`,
      oldest: sql<string | Date | null>`min(${orders.createdAt})`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), openDraftCondition(ctx, now), only));
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
