import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FileManagerQuery } from '@shop/shared/files/file-manager';
import type { Db } from '../../db/client.ts';
import { files, orderDocuments, orders, users } from '../../db/schema/index.ts';
import { CUSTOMER_FILE_KINDS } from '../quotas/index.ts';

const SORT_COLUMNS = { age: files.createdAt, size: files.sizeBytes, name: files.originalFilename } as const;

/** Customers' files (never the shop's service images). */
const customerFiles = inArray(files.kind, [...CUSTOMER_FILE_KINDS]);

export type ListedFile = Awaited<ReturnType<typeof listFiles>>['rows'][number];

/**
 * One page of the file manager, read from the index of the chosen sort (id breaks ties, so pages are stable), each
 * file with its owner and, through its documents, the latest order holding it, how many orders use it and whether
 * any marks it sensitive (per-row lookups on order_documents_file_idx: a page costs a page of index reads).
 */
export async function listFiles(db: Db, q: FileManagerQuery) {
  const column = SORT_COLUMNS[q.sort];
  const order = q.dir === 'asc' ? [asc(column), asc(files.id)] : [desc(column), desc(files.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: files.id,
        kind: files.kind,
        storageKey: files.storageKey,
        originalFilename: files.originalFilename,
        sizeBytes: files.sizeBytes,
        createdAt: files.createdAt,
        sourceFormat: files.sourceFormat,
        sourceFilename: files.sourceFilename,
        ownerId: users.id,
        ownerName: users.name,
        latestOrderId: sql<
          number | null
        >`(select max(d.order_id) from order_documents d where d.file_id = ${files.id})`,
        orderCount: sql<number>`(select count(distinct d.order_id)::int from order_documents d where d.file_id = ${files.id})`,
        sensitive: sql<boolean>`exists (select 1 from order_documents d where d.file_id = ${files.id} and d.sensitive)`,
      })
      .from(files)
      .leftJoin(users, eq(users.id, files.ownerUserId))
      .where(customerFiles)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(customerFiles),
  ]);
  const orderIds = [...new Set(rows.map((r) => r.latestOrderId).filter((id): id is number => id !== null))];
  const orderRows = orderIds.length
    ? await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          completedAt: orders.completedAt,
          expiredAt: orders.expiredAt,
        })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  return {
    rows: rows.map((r) => ({ ...r, order: r.latestOrderId === null ? null : (byId.get(r.latestOrderId) ?? null) })),
    total: count?.n ?? 0,
  };
}

/** One customer file with the orders that use it, newest first (for delete and download). */
export async function findManagedFile(db: Db, id: string) {
  const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  if (!file || !(CUSTOMER_FILE_KINDS as readonly string[]).includes(file.kind)) return undefined;
  const uses = await db
    .select({
      orderId: orderDocuments.orderId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      sensitive: orderDocuments.sensitive,
    })
    .from(orderDocuments)
    .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
    .where(eq(orderDocuments.fileId, id))
    .orderBy(desc(orderDocuments.orderId));
  return { file, uses };
}
