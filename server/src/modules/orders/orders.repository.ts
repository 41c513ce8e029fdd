import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderHistoryQuery } from '@shop/shared/orders/schemas';
import type { Db } from '../../db/client.ts';
import { orders, orderStatusEvents } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';

export type OrderRow = typeof orders.$inferSelect;

/** LIKE pattern matching `text` anywhere, with its wildcards taken literally. */
/** A customer's paid orders (drafts excluded) with the history filters. `withType` off for the per-type counts. */
function historyWhere(userId: number, q: OrderHistoryQuery, withType = true): SQL {
  const parts: SQL[] = [eq(orders.userId, userId), ne(orders.status, 'pending_payment')];
  if (q.search) {
    const pattern = containsPattern(q.search);
    parts.push(or(ilike(orders.orderNumber, pattern), ilike(orders.documentNames, pattern))!);
  }
  if (q.status && q.status !== 'all') parts.push(eq(orders.status, q.status));
  if (withType && q.deliveryType && q.deliveryType !== 'all') parts.push(eq(orders.deliveryType, q.deliveryType));
  return and(...parts)!;
}

export async function listUserOrders(
  db: Db,
  userId: number,
  q: OrderHistoryQuery,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = historyWhere(userId, q);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function summariseUserOrders(db: Db, userId: number, q: OrderHistoryQuery) {
  const all = historyWhere(userId, { limit: 1, offset: 0 });
  const filtered = historyWhere(userId, q, false);
  const [[totals], [f]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        delivery: sql<number>`count(*) filter (where ${orders.deliveryType} = 'delivery')::int`,
        pickup: sql<number>`count(*) filter (where ${orders.deliveryType} = 'pickup')::int`,
        completed: sql<number>`count(*) filter (where ${inArray(orders.status, ['completed', 'delivered', 'collected'])})::int`,
      })
      .from(orders)
      .where(all),
    db
      .select({
        delivery: sql<number>`count(*) filter (where ${orders.deliveryType} = 'delivery')::int`,
        pickup: sql<number>`count(*) filter (where ${orders.deliveryType} = 'pickup')::int`,
      })
      .from(orders)
      .where(filtered),
  ]);
  return {
    total: totals?.total ?? 0,
    delivery: totals?.delivery ?? 0,
    pickup: totals?.pickup ?? 0,
    completed: totals?.completed ?? 0,
    filtered: { delivery: f?.delivery ?? 0, pickup: f?.pickup ?? 0 },
  };
}

export async function findOrderByNumber(db: Db, orderNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row;
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function findOrderByProviderOrderId(db: Db, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId)).limit(1);
  return row;
}

export async function listStatusEvents(db: Db, orderId: number) {
  return db
    .select()
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
}
