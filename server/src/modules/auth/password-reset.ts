import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ADMIN_PASSWORD_RULE, isStrongAdminPassword } from '@shop/shared/auth/schemas';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { hashPassword, randomToken, sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../plugins/errors.ts';
import type { KnownDevices } from './known-devices.ts';
import { accountTag, type LoginThrottle } from './throttle.ts';
import { accountText } from './i18n/index.ts';
import { languageOr } from '../../lib/i18n.ts';
import type { AuthContext } from './session.service.ts';

export const FORGOT_ANSWER = 'If your email exists in our system, you will receive a reset link soon.';
export const RESET_INVALID = 'Invalid or expired reset link';
export const RESET_DONE = 'Your password has been reset. You can now sign in with your new password.';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Reset mails one inbox can receive in an hour, however many addresses ask: a victim's inbox is not flooded. */
export const RESET_MAILS_PER_HOUR = 3;

/** Forgot-password and reset: links by mail, single use, one hour; the answer never tells whether the e-mail exists. */
export class PasswordResets {
  /** Background work (reset mails), awaited when the app closes. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly ctx: AuthContext,
    private readonly throttle: LoginThrottle,
    private readonly devices: KnownDevices,
  ) {}

  /**
   * The answer never depends on whether the e-mail exists or its hourly budget is spent: the look-up, the token
   * and the mail happen after the answer is sent, so timing tells nothing either.
   */
  request(email: string): void {
    const job = this.sendLink(email).catch((err: unknown) => {
      this.ctx.log.error({ err: { message: (err as Error).message } }, 'password reset mail failed');
    });
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  private async sendLink(email: string): Promise<void> {
    // Counted for every e-mail asked about, known or not, so the budget's behaviour tells nothing either.
    if (!(await this.throttle.withinBudget(`reset:${accountTag('email', email)}`, RESET_MAILS_PER_HOUR, 60))) {
      this.ctx.log.info(
        { event: 'auth.reset_suppressed' },
        'password reset mail not sent: hourly budget for this e-mail spent',
      );
      return;
    }
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
    const t = accountText.in(languageOr(user.language));
    await this.ctx.mailer.send({
      to: user.email,
      subject: t('resetSubject'),
      // A link still undelivered when it expires is worthless: the queue drops it then.
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      text: [t('hello', { name: user.name }), '', t('resetAsked'), '', link, '', t('resetOnce')].join('\n'),
    });
    this.ctx.log.info({ event: 'auth.reset_requested', known: true, userId: user.id }, 'password reset requested');
  }

  /**
   * Sets the new password and signs every session out. The browser that completed the reset proved the mailbox:
   * it becomes a known device for the account, so strangers' failed sign-ins do not slow it (OWASP: a locked-out
   * owner gets in through the forgotten-password path). Returns that device's cookie token.
   */
  async reset(token: string, password: string, device: unknown): Promise<string> {
    if (!token || token.length > 200) throw new AppError('invalid_reset_token', 400, RESET_INVALID);
    const tokenHash = sha256Hex(token);
    const live = and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, sql`now()`),
    );
    // The admin's password has a stricter rule; checked before the link is used up, so it can be tried again.
    const [target] = await this.ctx.db
      .select({ role: users.role })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(live)
      .limit(1);
    if (!target) throw new AppError('invalid_reset_token', 400, RESET_INVALID);
    if (target.role === 'admin' && !isStrongAdminPassword(password)) {
      throw new AppError('validation_error', 400, ADMIN_PASSWORD_RULE, { password: ADMIN_PASSWORD_RULE });
    }
    // Single use: only one request can flip used_at, even when two arrive at once.
    const [claimed] = await this.ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(live)
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError('invalid_reset_token', 400, RESET_INVALID);
    const passwordHash = await hashPassword(password);
    const [user] = await this.ctx.db
      .update(users)
      .set({ passwordHash, passwordStrong: isStrongAdminPassword(password), updatedAt: new Date() })
      .where(eq(users.id, claimed.userId))
      .returning();
    if (!user) throw new AppError('invalid_reset_token', 400, RESET_INVALID);
    await this.ctx.sessions.revokeAllForUser(user.id);
    const deviceToken = await this.devices.remember(accountTag('email', user.email), device);
    this.ctx.log.info({ event: 'auth.password_reset', userId: user.id }, 'password reset; sessions revoked');
    try {
      const t = accountText.in(languageOr(user.language));
      await this.ctx.mailer.send({
        to: user.email,
        subject: t('changedSubject'),
        text: [
          t('hello', { name: user.name }),
          '',
          t('changedBody', { shop: this.ctx.config.SHOP_NAME }),
          '',
          t('changedNotYou', { url: `${this.ctx.config.publicUrl}/auth/forgot-password` }),
        ].join('\n'),
      });
    } catch (err) {
      this.ctx.log.error({ err: { message: (err as Error).message } }, 'password changed mail failed');
    }
    return deviceToken;
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
