import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authDevices } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { AccountTag } from './throttle.ts';

/** The HttpOnly cookie naming this browser to the sign-in routes (only they receive it: path /api/auth). */
export const DEVICE_COOKIE = 'ps_device';
export const DEVICE_COOKIE_PATH = '/api/auth';
/** A browser stays known this long after its last sign-in to the account. */
export const DEVICE_TTL_DAYS = 180;
/** Browsers remembered per account; the oldest are forgotten first. */
const DEVICES_PER_ACCOUNT = 10;

const looksLikeToken = (t: unknown): t is string => typeof t === 'string' && /^[A-Za-z0-9_-]{43}$/.test(t);

/**
 * Browsers where an account signed in before (OWASP's "device cookies"): a random token in an HttpOnly cookie,
 * stored here only as a hash, one row per browser and account. A known browser's sign-ins are throttled on their
 * own count, never by what strangers tried against the account (decision 011).
 */
export class KnownDevices {
  constructor(private readonly db: Db) {}

  /** The hash of the cookie's token when this browser is known for the account, else null. */
  async recognise(account: AccountTag, cookie: unknown): Promise<string | null> {
    if (!looksLikeToken(cookie)) return null;
    const tokenHash = sha256Hex(cookie);
    const [row] = await this.db
      .select({ tokenHash: authDevices.tokenHash })
      .from(authDevices)
      .where(
        and(
          eq(authDevices.tokenHash, tokenHash),
          eq(authDevices.accountKey, account),
          gt(authDevices.lastUsedAt, sql`now() - ${sql.raw(`interval '${DEVICE_TTL_DAYS} days'`)}`),
        ),
      )
      .limit(1);
    return row ? tokenHash : null;
  }

  /**
   * Remembers this browser for the account after a sign-in that proved the password (or a reset that proved the
   * mailbox) and returns the token for its cookie. A token the server never issued is replaced, not adopted.
   */
  async remember(account: AccountTag, cookie: unknown): Promise<string> {
    let token = looksLikeToken(cookie) ? cookie : null;
    if (token) {
      const [issued] = await this.db
        .select({ one: sql`1` })
        .from(authDevices)
        .where(eq(authDevices.tokenHash, sha256Hex(token)))
        .limit(1);
      if (!issued) token = null;
    }
    token ??= randomToken();
    const tokenHash = sha256Hex(token);
    await this.db
      .insert(authDevices)
      .values({ tokenHash, accountKey: account })
      .onConflictDoUpdate({ target: [authDevices.tokenHash, authDevices.accountKey], set: { lastUsedAt: sql`now()` } });
    const keep = this.db
      .select({ tokenHash: authDevices.tokenHash })
      .from(authDevices)
      .where(eq(authDevices.accountKey, account))
      .orderBy(desc(authDevices.lastUsedAt))
      .limit(DEVICES_PER_ACCOUNT);
    await this.db
      .delete(authDevices)
      .where(and(eq(authDevices.accountKey, account), notInArray(authDevices.tokenHash, keep)));
    await this.db
      .delete(authDevices)
      .where(
        and(
          eq(authDevices.accountKey, account),
          lt(authDevices.lastUsedAt, sql`now() - ${sql.raw(`interval '${DEVICE_TTL_DAYS} days'`)}`),
        ),
      );
    return token;
  }
}
