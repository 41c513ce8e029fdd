import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { BackOfficeQuery } from '@shop/shared/orders/back-office-routes';
import type { Db } from '../../db/client.ts';
import { orders, services } from '../../db/schema/index.ts';
import type { OrderRow } from './orders.repository.ts';
import { containsPattern } from '../../db/like.ts';
import { normaliseIndianMobile } from '@shop/shared/common/mobile';

/** Who reads the list: drafts awaiting payment are never shown to the counter (they are not orders yet). */
export type OrderListViewer = 'staff' | 'admin';

function where(q: BackOfficeQuery, viewer: OrderListViewer): SQL {
  const parts: SQL[] = [];
  const status = q.status && q.status !== 'all' ? q.status : undefined;
  if (status === 'new') parts.push(inArray(orders.status, ['unvisited', 'visited']));
  else if (status) parts.push(eq(orders.status, status));
  // Drafts hold the phone and address of someone who has not ordered: staff never see them, the admin only when
  // asking for them by name.
  if (viewer === 'staff' || status !== 'pending_payment') parts.push(ne(orders.status, 'pending_payment'));
  const type = q.deliveryType ?? q.filter;
  if (type && type !== 'all') parts.push(eq(orders.deliveryType, type));
  if (q.search) {
    const p = containsPattern(q.search);
    // Any document's name: one column of names (orders.document_names) with its trigram index.
    parts.push(
      or(
        ilike(orders.orderNumber, p),
        ilike(orders.userName, p),
        ilike(orders.documentNames, p),
        ilike(orders.mobileNumber, p),
        ...phoneMatch(q.search),
      )!,
    );
  }
  return and(...parts)!;
}

/**
 * A phone number as dictated at the counter ("98480 22222", "+91 9848022222", "098480-22222"; decision 039):
 * its digits (common/mobile.ts) against the stored 10, in part too ("98480 22"). Nothing for other text.
 */
function phoneMatch(search: string): SQL[] {
  if (!/^[\d\s+\-().\u00a0]+$/.test(search)) return [];
  const digits = normaliseIndianMobile(search);
  return /^\d{4,10}$/.test(digits) ? [ilike(orders.mobileNumber, containsPattern(digits))] : [];
}

/**
 * Pager totals are exact up to this many orders; past it the list says "1,000+". Counting every order of a
 * busy shop's history on every 5-second poll would stall the embedded database for everyone.
 */
export const ORDER_TOTAL_CAP = 1_000;

/** Paid orders the counter still has work with: new, being printed, or ready to hand over. */
const OPEN_STATUSES = ['unvisited', 'visited', 'processing', 'completed'] as const;
/** In the queue, new orders come before those being printed, and those before the ones ready to hand over. */
const workStage = sql`case ${orders.status} when 'unvisited' then 0 when 'visited' then 0 when 'processing' then 1 else 2 end`;

/** One page, newest first, with the total for the pager. Uses the (status|type, created_at) and trigram indexes. */
export async function listBackOfficeOrders(
  db: Db,
  q: BackOfficeQuery,
  viewer: OrderListViewer,
): Promise<{ rows: OrderRow[]; total: number; capped: boolean }> {
  const w = where(q, viewer);
  if (q.sort === 'oldest' && (!q.status || q.status === 'all')) return queuePage(db, q, w);
  // Both directions read the (status|type, created_at, id) indexes, forwards or backwards.
  const order =
    q.sort === 'oldest' ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
  return pageOf(db, w, order, q.limit, q.offset);
}

async function pageOf(
  db: Db,
  w: SQL,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ rows: OrderRow[]; total: number; capped: boolean }> {
  const rows = await db
    .select()
    .from(orders)
    .where(w)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  // A short page (past the first) tells the total without counting.
  if (rows.length > 0 && rows.length < limit) return { rows, total: offset + rows.length, capped: false };
  if (rows.length === 0 && offset === 0) return { rows, total: 0, capped: false };
  const { total, capped } = await countOf(db, w);
  return { rows, total, capped };
}

async function countOf(db: Db, w: SQL): Promise<{ total: number; capped: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(orders)
    .where(w)
    .limit(ORDER_TOTAL_CAP + 1)
    .as('capped');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = count?.n ?? 0;
  return { total: Math.min(n, ORDER_TOTAL_CAP), capped: n > ORDER_TOTAL_CAP };
}

/**
 * The counter's queue with every status (oldest unvisited first): the work still to do, walk-ins
 * whose customer stands at the counter first, then new orders, those being printed and those ready to hand over, each
 * longest waiting first; after it the orders already handed over, latest first. Sorting all of history oldest first put last year's collected orders on the first page and today's new ones
 * pages away.
 */
async function queuePage(
  db: Db,
  q: BackOfficeQuery,
  w: SQL,
): Promise<{ rows: OrderRow[]; total: number; capped: boolean }> {
  const open = and(w, inArray(orders.status, [...OPEN_STATUSES]))!;
  // Everything else (handed over), so no order can fall out of the list.
  const done = and(w, notInArray(orders.status, [...OPEN_STATUSES]))!;
  const openCount = await countOf(db, open);
  const openRows =
    q.offset < openCount.total
      ? await db
          .select()
          .from(orders)
          .where(open)
          .orderBy(desc(orders.customerWaiting), workStage, asc(orders.createdAt), asc(orders.id))
          .limit(q.limit)
          .offset(q.offset)
      : [];
  const left = q.limit - openRows.length;
  const doneRows =
    left > 0
      ? await db
          .select()
          .from(orders)
          .where(done)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(left)
          .offset(Math.max(0, q.offset - openCount.total))
      : [];
  const doneCount = await countOf(db, done);
  const n = openCount.total + doneCount.total;
  return {
    rows: [...openRows, ...doneRows],
    total: Math.min(n, ORDER_TOTAL_CAP),
    capped: openCount.capped || doneCount.capped || n > ORDER_TOTAL_CAP,
  };
}

/** Dashboard counts, straight from aggregate queries. */
export async function backOfficeStats(db: Db) {
  const [[o], [s]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        delivery: sql<number>`(count(*) filter (where ${orders.deliveryType} = 'delivery'))::int`,
        pickup: sql<number>`(count(*) filter (where ${orders.deliveryType} = 'pickup'))::int`,
        newOrders: sql<number>`(count(*) filter (where ${orders.status} in ('unvisited', 'visited')))::int`,
        processing: sql<number>`(count(*) filter (where ${orders.status} = 'processing'))::int`,
        completed: sql<number>`(count(*) filter (where ${orders.status} in ('completed', 'delivered', 'collected')))::int`,
      })
      .from(orders)
      .where(ne(orders.status, 'pending_payment')),
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${services.isActive}))::int`,
      })
      .from(services)
      .where(eq(services.deleted, false)),
  ]);
  return {
    total: o?.total ?? 0,
    delivery: o?.delivery ?? 0,
    pickup: o?.pickup ?? 0,
    new: o?.newOrders ?? 0,
    processing: o?.processing ?? 0,
    completed: o?.completed ?? 0,
    services: { active: s?.active ?? 0, total: s?.total ?? 0 },
  };
}

/** The counter's filter chips: paid orders by status and by delivery type (drafts never counted). */
export async function counterCounts(db: Db) {
  const [o] = await db
    .select({
      all: sql<number>`count(*)::int`,
      unvisited: sql<number>`(count(*) filter (where ${orders.status} = 'unvisited'))::int`,
      visited: sql<number>`(count(*) filter (where ${orders.status} = 'visited'))::int`,
      processing: sql<number>`(count(*) filter (where ${orders.status} = 'processing'))::int`,
      completed: sql<number>`(count(*) filter (where ${orders.status} = 'completed'))::int`,
      delivery: sql<number>`(count(*) filter (where ${orders.deliveryType} = 'delivery'))::int`,
      pickup: sql<number>`(count(*) filter (where ${orders.deliveryType} = 'pickup'))::int`,
    })
    .from(orders)
    .where(ne(orders.status, 'pending_payment'));
  return {
    all: o?.all ?? 0,
    unvisited: o?.unvisited ?? 0,
    visited: o?.visited ?? 0,
    processing: o?.processing ?? 0,
    completed: o?.completed ?? 0,
    delivery: o?.delivery ?? 0,
    pickup: o?.pickup ?? 0,
  };
}
