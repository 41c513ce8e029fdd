import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottle } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
export const THROTTLE_LOCK_MINUTES = 15;
/** Failures allowed per account in the window before it is locked. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/**
 * Failures allowed per address. Higher than per account on purpose: a college network or a mobile carrier puts
 * many honest customers behind one address, and one person's typos must not lock everyone else out.
 */
export const IP_FAILURE_LIMIT = 20;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** Keys never hold an e-mail or a mobile number in clear: only their hash. */
export const accountKey = (kind: 'email' | 'staff', id: string): ThrottleKey => ({
  key: `acct:${kind}:${sha256Hex(id.trim().toLowerCase())}`,
  limit: ACCOUNT_FAILURE_LIMIT,
});
export const ipKey = (ip: string): ThrottleKey => ({ key: `ip:${ip}`, limit: IP_FAILURE_LIMIT });

/**
 * Failed sign-in counters kept in the database (auth_throttle), so every copy of the server sees the same counts.
 * A key with `limit` failures inside the window is locked for THROTTLE_LOCK_MINUTES.
 */
export class LoginThrottle {
  constructor(private readonly db: Db) {}

  /** Throws 429 when any of the keys is locked. */
  async assertAllowed(keys: ThrottleKey[]): Promise<void> {
    const locked = await this.db
      .select({ key: authThrottle.key })
      .from(authThrottle)
      .where(and(inArray(authThrottle.key, keys.map((k) => k.key)), gt(authThrottle.lockedUntil, sql`now()`)))
      .limit(1);
    if (locked.length) throw new AppError('too_many_attempts', 429, TOO_MANY_ATTEMPTS);
  }

  /** Counts one failure against each key, atomically (one statement per key, safe across server copies). */
  async recordFailure(keys: ThrottleKey[]): Promise<void> {
    const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);
    const lock = sql.raw(`interval '${THROTTLE_LOCK_MINUTES} minutes'`);
    for (const { key, limit } of keys) {
      const expired = sql`${authThrottle.windowStartedAt} < now() - ${window}`;
      const nextFailures = sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`;
      await this.db
        .insert(authThrottle)
        .values({ key, failures: 1, windowStartedAt: sql`now()`, lockedUntil: limit <= 1 ? sql`now() + ${lock}` : null })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: nextFailures,
            windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
            lockedUntil: sql`case when ${nextFailures} >= ${limit} then now() + ${lock} else ${authThrottle.lockedUntil} end`,
          },
        });
    }
  }

  /** A successful sign-in clears the account's counter (the address keeps its count). */
  async reset(key: ThrottleKey): Promise<void> {
    await this.db.delete(authThrottle).where(inArray(authThrottle.key, [key.key]));
  }
}
