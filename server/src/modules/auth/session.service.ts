import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, staff, users } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';

export type SessionKind = 'user' | 'staff';

export interface UserPrincipal {
  kind: 'user';
  tokenHash: string;
  user: { id: number; name: string; email: string; role: 'user' | 'admin'; createdAt: Date };
}
export interface StaffPrincipal {
  kind: 'staff';
  tokenHash: string;
  staff: { id: number; name: string; mobileNumber: string };
}
export type Principal = UserPrincipal | StaffPrincipal;

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** Opaque random tokens; only their SHA-256 is stored. Idle and absolute expiry; revoked at logout and password reset. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {}

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

  /** Resolve a token to who holds it, or null. A staff member who is deactivated or deleted resolves to null at once. */
  async resolve(token: string): Promise<Principal | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = sha256Hex(token);
    const now = new Date();
    const idleCutoff = new Date(now.getTime() - this.policy.idleMs);
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
      .limit(1);
    if (!row) return null;
    // Touch at most once a minute, so reads stay cheap.
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    }
    if (row.kind === 'user' && row.userId != null) {
      const [u] = await this.db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      return u ? { kind: 'user', tokenHash, user: u } : null;
    }
    if (row.kind === 'staff' && row.staffId != null) {
      const [s] = await this.db
        .select({ id: staff.id, name: staff.name, mobileNumber: staff.mobileNumber })
        .from(staff)
        .where(and(eq(staff.id, row.staffId), eq(staff.isActive, true), isNull(staff.deletedAt)))
        .limit(1);
      return s ? { kind: 'staff', tokenHash, staff: s } : null;
    }
    return null;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async revokeAllForStaff(staffId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
  }
}
