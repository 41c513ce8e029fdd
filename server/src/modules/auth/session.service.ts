import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sessions, staff, users } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Principal, SessionLookup } from '../../plugins/auth.ts';

export type SessionKind = 'user' | 'staff';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** What other server copies must drop from their session caches (sent over the event bus). */
export type SessionForget = { tokenHash?: string; userId?: number; staffId?: number };

const CACHE_TTL_MS = 10_000;
const CACHE_MAX = 10_000;

/**
 * Opaque random tokens; only their SHA-256 is stored. Idle and absolute expiry; revoked at logout and password reset.
 * Resolved sessions are cached for 10 s so busy screens don't hit the database twice per request; every revocation
 * clears this copy's cache at once and tells the other copies through `onForget` (the event bus).
 */
/** The context of code that opens, reads or revokes sessions (auth, staff, live). */
export type AuthContext = AppContext & { sessions: SessionService };

export class SessionService implements SessionLookup {
  private readonly cache = new Map<string, { principal: Principal; until: number }>();
  /** Tells the other server copies (the event bus); awaited, so a revocation has been sent when it returns. */
  onForget: (f: SessionForget) => Promise<void> | void = () => {};

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {}

  /** Drops cached sessions (this copy only). */
  forget(f: SessionForget): void {
    for (const [hash, entry] of this.cache) {
      const p = entry.principal;
      if (
        (f.tokenHash && hash === f.tokenHash) ||
        (f.userId !== undefined && p.kind === 'user' && p.user.id === f.userId) ||
        (f.staffId !== undefined && p.kind === 'staff' && p.staff.id === f.staffId)
      )
        this.cache.delete(hash);
    }
  }

  /** Drops cached sessions here and on every other copy. */
  private async forgetEverywhere(f: SessionForget): Promise<void> {
    this.forget(f);
    await this.onForget(f);
  }

  /** A user's name or role changed: the next request reads it afresh. */
  forgetUser(userId: number): Promise<void> {
    return this.forgetEverywhere({ userId });
  }

  forgetStaff(staffId: number): Promise<void> {
    return this.forgetEverywhere({ staffId });
  }

  async create(kind: SessionKind, subjectId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.policy.absoluteMs);
    await this.db.insert(sessions).values({
      tokenHash: sha256Hex(token),
      kind,
      userId: kind === 'user' ? subjectId : null,
      staffId: kind === 'staff' ? subjectId : null,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** Who holds this token when the cache knows (null: no one), or undefined when it must be read (`resolve`). */
  cached(token: string): Principal | null | undefined {
    if (!token || token.length > 200) return null;
    const hit = this.cache.get(sha256Hex(token));
    return hit && hit.until > Date.now() ? hit.principal : undefined;
  }

  /** Resolve a token to who holds it, or null. A staff member who is deactivated or deleted resolves to null at once. */
  async resolve(token: string): Promise<Principal | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = sha256Hex(token);
    const cached = this.cache.get(tokenHash);
    if (cached && cached.until > Date.now()) return cached.principal;
    const principal = await this.load(tokenHash);
    if (principal) {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      // Never kept past the session's own end.
      this.cache.set(tokenHash, {
        principal,
        until: Math.min(Date.now() + CACHE_TTL_MS, principal.expiresAt.getTime()),
      });
    } else this.cache.delete(tokenHash);
    return principal;
  }

  /**
   * Who holds the session with this hash now, read afresh (long-lived streams re-check). It does not count as use:
   * an open stream alone does not keep an idle session alive.
   */
  reload(tokenHash: string): Promise<Principal | null> {
    return this.load(tokenHash, false);
  }

  private async load(tokenHash: string, touch = true): Promise<Principal | null> {
    const now = new Date();
    const idleCutoff = new Date(now.getTime() - this.policy.idleMs);
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, idleCutoff),
        ),
      )
      .limit(1);
    if (!row) return null;
    // Touch at most once a minute, so reads stay cheap.
    if (touch && now.getTime() - row.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    }
    if (row.kind === 'user' && row.userId != null) {
      const [u] = await this.db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      return u ? { kind: 'user', tokenHash, expiresAt: row.expiresAt, user: u } : null;
    }
    if (row.kind === 'staff' && row.staffId != null) {
      const [s] = await this.db
        .select({ id: staff.id, name: staff.name, mobileNumber: staff.mobileNumber })
        .from(staff)
        .where(and(eq(staff.id, row.staffId), eq(staff.isActive, true), isNull(staff.deletedAt)))
        .limit(1);
      return s ? { kind: 'staff', tokenHash, expiresAt: row.expiresAt, staff: s } : null;
    }
    return null;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, tokenHash));
    await this.forgetEverywhere({ tokenHash });
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await this.forgetEverywhere({ userId });
  }

  async revokeAllForStaff(staffId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
    await this.forgetEverywhere({ staffId });
  }
}
