import { and, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottle } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * Sign-in throttling (decision 011). Nothing here ever locks an account for everyone:
 * - per address and account: 5 tries, then a wait that doubles with every further try (1 s, 2 s, … 15 min);
 * - per known device (a browser where this account signed in before) and account: the same, on its own count,
 *   so a stranger's failures never slow the owner's own browser;
 * - per address over all accounts: 20 tries, then the same doubling (one address guessing many accounts);
 * - per account over all unknown browsers: 50 tries, then doubling waits capped at 1 minute: distributed guessing
 *   is slowed to at most one try a minute, while the owner's known browsers stay unaffected.
 * Every try is counted before the password is checked (and given back when it was right), so parallel requests
 * cannot slip past a limit. A count starts again after an hour without failed tries.
 */
export interface ThrottleRule {
  /** Tries allowed before waits begin. */
  free: number;
  /** The longest wait between two tries, in seconds. */
  capSeconds: number;
}

export const PAIR_RULE: ThrottleRule = { free: 5, capSeconds: 15 * 60 };
export const DEVICE_RULE: ThrottleRule = { free: 5, capSeconds: 15 * 60 };
export const ADDRESS_RULE: ThrottleRule = { free: 20, capSeconds: 15 * 60 };
export const ACCOUNT_RULE: ThrottleRule = { free: 50, capSeconds: 60 };
/** A count is forgotten after this long without a failed try. */
export const QUIET_MINUTES = 60;

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
  /** Kept after a success (only this try is given back), so a correct sign-in does not reset what others tried. */
  shared: boolean;
}

/** An account as the throttle names it: a hash, never the e-mail or mobile number in clear. */
export type AccountTag = string;
export const accountTag = (kind: 'email' | 'staff', id: string): AccountTag =>
  sha256Hex(`${kind}:${id.trim().toLowerCase()}`);

export const pairKey = (account: AccountTag, ip: string): ThrottleKey => ({
  key: `pair:${sha256Hex(`${account}|${ip}`)}`,
  rule: PAIR_RULE,
  shared: false,
});
export const deviceKey = (account: AccountTag, deviceHash: string): ThrottleKey => ({
  key: `dev:${sha256Hex(`${account}|${deviceHash}`)}`,
  rule: DEVICE_RULE,
  shared: false,
});
export const addressKey = (ip: string): ThrottleKey => ({
  key: `ip:${sha256Hex(ip)}`,
  rule: ADDRESS_RULE,
  shared: true,
});
export const accountKey = (account: AccountTag): ThrottleKey => ({
  key: `acct:${account}`,
  rule: ACCOUNT_RULE,
  shared: true,
});

/** A 429 telling how long to wait; the route copies `retryAfter` into the Retry-After header. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfter: number) {
    super('too_many_attempts', 429, `Too many attempts. Please wait ${waitText(retryAfter)} and try again.`);
  }
}

export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The tries counted for one sign-in; `succeeded` gives them back once the password was right. */
export interface Attempt {
  succeeded(): Promise<void>;
}

export class LoginThrottle {
  private triesSincePrune = 0;
  constructor(private readonly db: Db) {}

  /** Counts one try against every key, or throws TooManyAttempts (counting nothing) while any of them must wait. */
  async begin(keys: ThrottleKey[]): Promise<Attempt> {
    await this.refuseWhileWaiting(keys);
    const taken: ThrottleKey[] = [];
    for (const k of keys) {
      if (await this.take(k)) {
        taken.push(k);
        continue;
      }
      // Another request took the last free try a moment ago: give back what this one counted.
      await this.giveBack(taken);
      await this.refuseWhileWaiting(keys);
      throw new TooManyAttempts(1);
    }
    if (++this.triesSincePrune >= 200) {
      this.triesSincePrune = 0;
      void this.prune().catch(() => {});
    }
    return { succeeded: () => this.giveBack(taken) };
  }

  private async refuseWhileWaiting(keys: ThrottleKey[]): Promise<void> {
    const [row] = await this.db
      .select({ wait: sql<number>`ceil(extract(epoch from max(${authThrottle.lockedUntil}) - now()))::int` })
      .from(authThrottle)
      .where(
        and(
          inArray(
            authThrottle.key,
            keys.map((k) => k.key),
          ),
          gt(authThrottle.lockedUntil, sql`now()`),
        ),
      );
    if (row?.wait && row.wait > 0) throw new TooManyAttempts(row.wait);
  }

  /** One statement, so two server copies (or two requests) never both take the last free try. */
  private async take({ key, rule }: ThrottleKey): Promise<boolean> {
    const quiet = sql.raw(`interval '${QUIET_MINUTES} minutes'`);
    const stale = sql`${authThrottle.lastFailureAt} < now() - ${quiet}`;
    const next = sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`;
    // The n-th try (n >= free) makes the next one wait 2^(n - free) seconds, up to the cap.
    const waitFor = (n: SQL) =>
      sql`case when ${n} >= ${rule.free} then now() + least(power(2, least(${n} - ${rule.free}, 30)), ${rule.capSeconds}) * interval '1 second' else null end`;
    const rows = await this.db
      .insert(authThrottle)
      .values({
        key,
        failures: 1,
        windowStartedAt: sql`now()`,
        lastFailureAt: sql`now()`,
        lockedUntil: rule.free <= 1 ? sql`now() + interval '1 second'` : null,
      })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: next,
          windowStartedAt: sql`case when ${stale} then now() else ${authThrottle.windowStartedAt} end`,
          lastFailureAt: sql`now()`,
          lockedUntil: waitFor(next),
        },
        setWhere: sql`${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} <= now()`,
      })
      .returning({ failures: authThrottle.failures });
    return rows.length > 0;
  }

  /** The password was right: own counts are cleared; shared ones only lose this try and their wait. */
  private async giveBack(keys: ThrottleKey[]): Promise<void> {
    const own = keys.filter((k) => !k.shared).map((k) => k.key);
    const shared = keys.filter((k) => k.shared).map((k) => k.key);
    if (own.length) await this.db.delete(authThrottle).where(inArray(authThrottle.key, own));
    if (shared.length) {
      await this.db
        .update(authThrottle)
        .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)`, lockedUntil: null })
        .where(inArray(authThrottle.key, shared));
    }
  }

  /**
   * A plain budget: true while `key` has been counted at most `limit` times in the last `minutes` (counting this
   * call). Used for things that must not happen too often whatever the outcome, such as reset mails to one inbox.
   */
  async withinBudget(key: string, limit: number, minutes: number): Promise<boolean> {
    const window = sql.raw(`interval '${Math.round(minutes)} minutes'`);
    const expired = sql`${authThrottle.windowStartedAt} < now() - ${window}`;
    const [row] = await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: sql`now()`, lastFailureAt: sql`now()` })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
          lastFailureAt: sql`now()`,
        },
      })
      .returning({ failures: authThrottle.failures });
    return (row?.failures ?? 1) <= limit;
  }

  /** Counts nobody needs any more: quiet for a day and not waiting. */
  async prune(): Promise<void> {
    await this.db
      .delete(authThrottle)
      .where(
        and(
          lt(authThrottle.lastFailureAt, sql`now() - interval '1 day'`),
          sql`(${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} < now())`,
        ),
      );
  }
}
