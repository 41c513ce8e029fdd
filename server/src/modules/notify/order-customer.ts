import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type orders } from '../../db/schema/index.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Where an order's mails go, and in which language: the account's e-mail and language, or for a walk-in order (no account, decision 025) the e-mail the
 * counter typed for the receipt. Null when there is none.
 */
export async function orderMailRecipient(
  db: Db,
  order: Pick<OrderRow, 'userId' | 'userName' | 'customerEmail'>,
): Promise<{ email: string; name: string; language: string | null } | null> {
  // A walk-in customer has no account to keep a language: their mails are in English (decision 029).
  if (order.userId === null)
    return order.customerEmail ? { email: order.customerEmail, name: order.userName, language: null } : null;
  const [user] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  return user?.email ? user : null;
}
