import { isStrongAdminPassword } from '@shop/shared/auth/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ConfigError, DEFAULT_ADMIN_PASSWORD } from '../../config/env.ts';
import type { AppContext } from '../../context.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';

const HOW_TO_FIX =
  'Start once with ADMIN_PASSWORD set to a strong password (12+ characters with upper and lower case letters, a digit and a symbol): it replaces the stored one, and may be removed afterwards.';

const isWeak = (password: string) => password === DEFAULT_ADMIN_PASSWORD || !isStrongAdminPassword(password);

/**
 * The one admin account, at every start (decision 013):
 * - created from ADMIN_EMAIL / ADMIN_PASSWORD when absent;
 * - ADMIN_PASSWORD, when given, wins: it replaces a different stored password (and signs the admin out everywhere);
 * - in production the start is refused while the stored password is the local default or not known to be strong.
 */
export async function ensureAdminAccount(ctx: Pick<AppContext, 'db' | 'config' | 'log'>): Promise<void> {
  const { db, config, log } = ctx;
  const email = config.ADMIN_EMAIL.trim().toLowerCase();
  const given = config.adminPasswordGiven;
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);

  if (!existing) {
    if (config.isProduction && !given) {
      throw new ConfigError(
        `The admin account ${email} does not exist yet and ADMIN_PASSWORD is not set. ${HOW_TO_FIX}`,
      );
    }
    await db
      .insert(users)
      .values({
        name: config.ADMIN_NAME,
        email,
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
        role: 'admin',
        passwordStrong: !isWeak(config.ADMIN_PASSWORD),
      })
      .onConflictDoNothing();
    log.info({ adminEmail: email }, 'created the admin account');
    if (!config.isProduction && config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
      log.warn('The admin uses the local default password; set ADMIN_EMAIL and ADMIN_PASSWORD before going live.');
    }
    return;
  }

  if (existing.role !== 'admin') {
    throw new ConfigError(
      `ADMIN_EMAIL ${email} belongs to a customer account, not the admin's. Choose another e-mail for the admin.`,
    );
  }

  let strong = existing.passwordStrong;
  let hash = existing.passwordHash;
  if (given) {
    strong = !isWeak(config.ADMIN_PASSWORD);
    if (!(await verifyPassword(config.ADMIN_PASSWORD, existing.passwordHash))) {
      hash = await hashPassword(config.ADMIN_PASSWORD);
      await db
        .update(users)
        .set({ passwordHash: hash, passwordStrong: strong, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      // The old password may be known to others: every session it opened ends.
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
      log.warn(
        { event: 'admin.password_replaced', userId: existing.id },
        'the admin password was replaced by ADMIN_PASSWORD; admin sessions signed out',
      );
    } else if (strong !== existing.passwordStrong) {
      await db.update(users).set({ passwordStrong: strong }).where(eq(users.id, existing.id));
    }
  }

  if (config.isProduction && (!strong || (await verifyPassword(DEFAULT_ADMIN_PASSWORD, hash)))) {
    throw new ConfigError(
      `The stored admin password of ${email} is the local default or a weak one, which production refuses. ${HOW_TO_FIX}`,
    );
  }
}
