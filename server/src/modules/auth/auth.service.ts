import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PublicStaff, PublicUser } from '@shop/shared/auth/schemas';
import type { AppContext } from '../../context.ts';
import { passwordResetTokens, staff, users } from '../../db/schema/index.ts';
import { getDummyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/crypto.ts';
import { AppError, conflict } from '../../plugins/errors.ts';
import { maskEmail } from '../mail/outbox-mailer.ts';
import { accountKey, ipKey, LoginThrottle } from './throttle.ts';

export const INVALID_LOGIN = 'Invalid email or password';
export const INVALID_STAFF_LOGIN = 'Invalid mobile number or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const REGISTERED = 'Your account has been created successfully.';
export const FORGOT_ANSWER = 'If your email exists in our system, you will receive a reset link soon.';
export const RESET_INVALID = 'Invalid or expired reset link';
export const RESET_DONE = 'Your password has been reset. You can now sign in with your new password.';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;
type StaffRow = typeof staff.$inferSelect;

export function toPublicUser(u: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'createdAt'>): PublicUser {
  return { id: u.id, name: u.name, email: u.email, role: u.role, created_at: u.createdAt.toISOString() };
}

export function toPublicStaff(s: Pick<StaffRow, 'id' | 'name' | 'mobileNumber' | 'isActive' | 'createdAt'>): PublicStaff {
  return { id: s.id, name: s.name, mobile_number: s.mobileNumber, is_active: s.isActive, created_at: s.createdAt.toISOString() };
}

/** Digits only, and the last ten of them: '+91 98480 12345' and '9848012345' are the same staff member. */
export function normaliseMobile(m: string): string {
  const digits = m.replace(/\D/g, '');
  return digits.length > 10 && digits.startsWith('91') ? digits.slice(-10) : digits;
}

export class AuthService {
  readonly throttle: LoginThrottle;
  /** Background work (reset mails), awaited when the app closes. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {
    this.throttle = new LoginThrottle(ctx.db);
  }

  async register(input: { name: string; email: string; password: string }) {
    const passwordHash = await hashPassword(input.password);
    const [user] = await this.ctx.db
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, role: 'user' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw conflict(EMAIL_TAKEN, 'email_taken');
    this.ctx.log.info({ event: 'user.registered', userId: user.id }, 'customer registered');
    const session = await this.ctx.sessions.create('user', user.id);
    return { user: toPublicUser(user), ...session };
  }

  async login(input: { email: string; password: string }, ip: string) {
    const keys = [accountKey('email', input.email), ipKey(ip)];
    await this.throttle.assertAllowed(keys);
    const [user] = await this.ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    // Always one scrypt, so timing does not tell whether the account exists.
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyPasswordHash()));
    if (!user || !ok) {
      await this.throttle.recordFailure(keys);
      this.ctx.log.info({ event: 'auth.login_failed', account: maskEmail(input.email) }, 'sign-in failed');
      throw new AppError('invalid_credentials', 401, INVALID_LOGIN);
    }
    await this.throttle.reset(keys[0]!);
    const session = await this.ctx.sessions.create('user', user.id);
    this.ctx.log.info({ event: 'auth.login', userId: user.id, role: user.role }, 'signed in');
    return { user: toPublicUser(user), ...session };
  }

  async staffLogin(input: { mobile_number: string; password: string }, ip: string) {
    const mobile = normaliseMobile(input.mobile_number);
    const keys = [accountKey('staff', mobile), ipKey(ip)];
    await this.throttle.assertAllowed(keys);
    const candidates = await this.ctx.db.select().from(staff);
    const row = candidates.find((s) => normaliseMobile(s.mobileNumber) === mobile);
    const ok = await verifyPassword(input.password, row?.passwordHash ?? (await getDummyPasswordHash()));
    // Inactive or deleted staff get the same answer as a wrong password.
    if (!row || !ok || !row.isActive || row.deletedAt) {
      await this.throttle.recordFailure(keys);
      this.ctx.log.info({ event: 'auth.staff_login_failed', mobile: `******${mobile.slice(-4)}` }, 'staff sign-in failed');
      throw new AppError('invalid_credentials', 401, INVALID_STAFF_LOGIN);
    }
    await this.throttle.reset(keys[0]!);
    const session = await this.ctx.sessions.create('staff', row.id);
    this.ctx.log.info({ event: 'auth.staff_login', staffId: row.id }, 'staff signed in');
    return { staff: toPublicStaff(row), ...session };
  }

  async getUser(id: number): Promise<PublicUser | null> {
    const [u] = await this.ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
    return u ? toPublicUser(u) : null;
  }

  async getStaff(id: number): Promise<PublicStaff | null> {
    const [s] = await this.ctx.db.select().from(staff).where(and(eq(staff.id, id), isNull(staff.deletedAt))).limit(1);
    return s ? toPublicStaff(s) : null;
  }

  async updateName(id: number, name: string): Promise<PublicUser> {
    const [u] = await this.ctx.db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    if (!u) throw new AppError('unauthorized', 401, 'No auth token');
    await this.ctx.sessions.forgetUser(id);
    this.ctx.log.info({ event: 'user.profile_updated', userId: id }, 'profile updated');
    return toPublicUser(u);
  }

  /**
   * The answer never depends on whether the e-mail exists: the look-up, the token and the mail happen after the
   * answer is sent, so timing tells nothing either.
   */
  requestPasswordReset(email: string): void {
    const job = this.sendResetLink(email).catch((err: unknown) => {
      this.ctx.log.error({ err: { message: (err as Error).message } }, 'password reset mail failed');
    });
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  private async sendResetLink(email: string): Promise<void> {
    const [user] = await this.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) {
      this.ctx.log.info({ event: 'auth.reset_requested', known: false }, 'password reset requested');
      return;
    }
    const token = randomToken();
    // Only the newest link works: earlier unused ones are retired.
    await this.ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await this.ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${this.ctx.config.publicUrl}/auth/reset-password/${token}`;
    await this.ctx.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      // A link still undelivered when it expires is worthless: the queue drops it then.
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      text: [
        `Hello ${user.name},`,
        '',
        'We received a request to reset the password of your account. Open this link to choose a new password:',
        '',
        link,
        '',
        'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this e-mail: your password stays the same.',
      ].join('\n'),
    });
    this.ctx.log.info({ event: 'auth.reset_requested', known: true, userId: user.id }, 'password reset requested');
  }

  async resetPassword(token: string, password: string): Promise<void> {
    if (!token || token.length > 200) throw new AppError('invalid_reset_token', 400, RESET_INVALID);
    // Single use: only one request can flip used_at, even when two arrive at once.
    const [claimed] = await this.ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(passwordResetTokens.tokenHash, sha256Hex(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError('invalid_reset_token', 400, RESET_INVALID);
    const passwordHash = await hashPassword(password);
    const [user] = await this.ctx.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, claimed.userId))
      .returning();
    if (!user) throw new AppError('invalid_reset_token', 400, RESET_INVALID);
    await this.ctx.sessions.revokeAllForUser(user.id);
    await this.throttle.reset(accountKey('email', user.email));
    this.ctx.log.info({ event: 'auth.password_reset', userId: user.id }, 'password reset; sessions revoked');
    try {
      await this.ctx.mailer.send({
        to: user.email,
        subject: 'Your password was changed',
        text: [
          `Hello ${user.name},`,
          '',
          `The password of your ${this.ctx.config.SHOP_NAME} account was just changed, and every device that was signed in has been signed out.`,
          '',
          `If this was you, there is nothing more to do. If it was not, reset your password at ${this.ctx.config.publicUrl}/auth/forgot-password and contact the shop.`,
        ].join('\n'),
      });
    } catch (err) {
      this.ctx.log.error({ err: { message: (err as Error).message } }, 'password changed mail failed');
    }
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
