import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { users } from '../../db/schema/index.ts';

/** Customer accounts, newest first, a page at a time, with their paid orders counted; the total for the pager. */
export async function listAccounts(db: Db, q: { limit: number; offset: number; search?: string }) {
  // Customers only: the admin's own account is not a customer account.
  const search = q.search
    ? or(ilike(users.name, containsPattern(q.search)), ilike(users.email, containsPattern(q.search)))
    : undefined;
  const match = and(eq(users.role, 'user'), search);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        // Written out: drizzle leaves ${users.id} unqualified here, which inside the subquery would mean o.id.
        orderCount: sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id" and o.status <> 'pending_payment')`,
      })
      .from(users)
      .where(match)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(match),
  ]);
  return { rows, total: count?.total ?? 0 };
}
