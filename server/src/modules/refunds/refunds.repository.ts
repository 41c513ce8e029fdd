import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, refunds } from '../../db/schema/index.ts';

export type RefundRow = typeof refunds.$inferSelect;
/** What counts against the paid amount: everything not failed (a `requested` one may still go through). */
export const HOLDING = ['requested', 'pending', 'processed', 'bounced', 'handed_back'] as const;

export async function listOrderRefunds(db: Db, orderId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** Paise already given back or on their way. */
export async function heldAmount(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, [...HOLDING])));
  return Number(row?.n ?? 0);
}

/** The order's captured payment (the one a refund goes back through). */
export async function capturedPayment(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function lockOrder(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}
