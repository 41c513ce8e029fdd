import { and, eq, isNull } from 'drizzle-orm';
import { isStrongAdminPassword, type PublicStaff, type PublicUser } from '@shop/shared/auth/schemas';
import { normaliseIndianMobile } from '@shop/shared/common/mobile';
import type { Language } from '@shop/shared/i18n/language';
import { staff, users } from '../../db/schema/index.ts';
import { getDummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { AppError, conflict } from '../../plugins/errors.ts';
import { maskEmail } from '../mail/index.ts';
import { KnownDevices } from './known-devices.ts';
import {
  accountKey,
  accountTag,
  addressKey,
  deviceKey,
  LoginThrottle,
  pairKey,
  TooManyAttempts,
  type AccountTag,
} from './throttle.ts';
import type { AuthContext } from './session.service.ts';

export const INVALID_LOGIN = 'Invalid email or password';
/**
 * Every failed staff sign-in gets this one answer: a wrong password, an unknown number, and a deactivated or deleted
 * account with the right password alike, so the answer never confirms a password (decision 034).
 */
export const INVALID_STAFF_LOGIN =
  'Invalid mobile number or password. A deactivated account cannot sign in: ask the shop admin.';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const REGISTERED = 'Your account has been created successfully.';

type UserRow = typeof users.$inferSelect;
type StaffRow = typeof staff.$inferSelect;

export function toPublicUser(
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'language' | 'createdAt'>,
): PublicUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    language: u.language ?? null,
    created_at: u.createdAt.toISOString(),
  };
}

export function toPublicStaff(
  s: Pick<StaffRow, 'id' | 'name' | 'mobileNumber' | 'isActive' | 'language' | 'createdAt'>,
): PublicStaff {
  return {
    id: s.id,
    name: s.name,
    mobile_number: s.mobileNumber,
    is_active: s.isActive,
    language: s.language ?? null,
    created_at: s.createdAt.toISOString(),
  };
}

/** Digits only, and the last ten of them: '+91 98480 12345' and '9848012345' are the same staff member. */
/** Stored numbers and typed ones compared alike (shared/src/common/mobile.ts). */
export const normaliseMobile = normaliseIndianMobile;

/** Where a sign-in comes from: the client address and this browser's device cookie (if any). */
export interface SignInClient {
  ip: string;
  device?: unknown;
}

export class AuthService {
  readonly throttle: LoginThrottle;
  readonly devices: KnownDevices;

  constructor(private readonly ctx: AuthContext) {
    this.throttle = new LoginThrottle(ctx.db);
    this.devices = new KnownDevices(ctx.db);
  }

  /**
   * Counts this try before the password is checked. A browser known for the account is counted on its own;
   * any other on the address-and-account pair, the address and the account (decision 011).
   */
  private async beginAttempt(account: AccountTag, client: SignInClient, who: Record<string, string>) {
    const known = await this.devices.recognise(account, client.device);
    const keys = known
      ? [deviceKey(account, known)]
      : [pairKey(account, client.ip), addressKey(client.ip), accountKey(account)];
    try {
      return await this.throttle.begin(keys);
    } catch (err) {
      if (err instanceof TooManyAttempts) {
        this.ctx.log.info(
          { event: 'auth.throttled', ...who, knownDevice: !!known, waitSeconds: err.retryAfter },
          'sign-in throttled',
        );
      }
      throw err;
    }
  }

  async register(input: { name: string; email: string; password: string; language?: Language }, client: SignInClient) {
    const passwordHash = await hashPassword(input.password);
    const [user] = await this.ctx.db
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash,
        role: 'user',
        passwordStrong: isStrongAdminPassword(input.password),
        language: input.language ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw conflict(EMAIL_TAKEN, 'email_taken');
    this.ctx.log.info({ event: 'user.registered', userId: user.id }, 'customer registered');
    const device = await this.devices.remember(accountTag('email', user.email), client.device);
    const session = await this.ctx.sessions.create('user', user.id);
    return { user: toPublicUser(user), device, ...session };
  }

  async login(input: { email: string; password: string }, client: SignInClient) {
    const account = accountTag('email', input.email);
    const attempt = await this.beginAttempt(account, client, { account: maskEmail(input.email) });
    const [user] = await this.ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    // Always one scrypt, so timing does not tell whether the account exists.
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyPasswordHash()));
    if (!user || !ok) {
      this.ctx.log.info({ event: 'auth.login_failed', account: maskEmail(input.email) }, 'sign-in failed');
      throw new AppError('invalid_credentials', 401, INVALID_LOGIN);
    }
    await attempt.succeeded();
    const device = await this.devices.remember(account, client.device);
    const session = await this.ctx.sessions.create('user', user.id);
    this.ctx.log.info({ event: 'auth.login', userId: user.id, role: user.role }, 'signed in');
    return { user: toPublicUser(user), device, ...session };
  }

  async staffLogin(input: { mobile_number: string; password: string }, client: SignInClient) {
    const mobile = normaliseMobile(input.mobile_number);
    const masked = `******${mobile.slice(-4)}`;
    const account = accountTag('staff', mobile);
    const attempt = await this.beginAttempt(account, client, { mobile: masked });
    const candidates = await this.ctx.db.select().from(staff);
    const row = candidates.find((s) => normaliseMobile(s.mobileNumber) === mobile);
    const ok = await verifyPassword(input.password, row?.passwordHash ?? (await getDummyPasswordHash()));
    if (!row || !ok) {
      this.ctx.log.info({ event: 'auth.staff_login_failed', mobile: masked }, 'staff sign-in failed');
      throw new AppError('invalid_credentials', 401, INVALID_STAFF_LOGIN);
    }
    if (!row.isActive || row.deletedAt) {
      // The same answer as a wrong password, and the try stays counted as one (decision 034): neither the answer
      // nor the throttle tells whether the password was right. The admin sees it in the log.
      this.ctx.log.info(
        { event: 'auth.staff_login_deactivated', staffId: row.id },
        'deactivated staff tried to sign in',
      );
      throw new AppError('invalid_credentials', 401, INVALID_STAFF_LOGIN);
    }
    await attempt.succeeded();
    const device = await this.devices.remember(account, client.device);
    const session = await this.ctx.sessions.create('staff', row.id);
    this.ctx.log.info({ event: 'auth.staff_login', staffId: row.id }, 'staff signed in');
    return { staff: toPublicStaff(row), device, ...session };
  }

  async getUser(id: number): Promise<PublicUser | null> {
    const [u] = await this.ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
    return u ? toPublicUser(u) : null;
  }

  async getStaff(id: number): Promise<PublicStaff | null> {
    const [s] = await this.ctx.db
      .select()
      .from(staff)
      .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
      .limit(1);
    return s ? toPublicStaff(s) : null;
  }

  /** The name, the language (null: follow the browser), or both; only what is sent changes. */
  async updateProfile(id: number, change: { name?: string; language?: Language | null }): Promise<PublicUser> {
    const [u] = await this.ctx.db
      .update(users)
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.language !== undefined && { language: change.language }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    if (!u) throw new AppError('unauthorized', 401, 'No auth token');
    // Cached sessions carry the name; the language is read from the row each time it is asked for.
    if (change.name !== undefined) await this.ctx.sessions.forgetUser(id);
    this.ctx.log.info({ event: 'user.profile_updated', userId: id, fields: Object.keys(change) }, 'profile updated');
    return toPublicUser(u);
  }

  async setStaffLanguage(id: number, language: Language | null): Promise<PublicStaff> {
    const [s] = await this.ctx.db
      .update(staff)
      .set({ language, updatedAt: new Date() })
      .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
      .returning();
    if (!s || !s.isActive) throw new AppError('unauthorized', 401, 'No auth token');
    this.ctx.log.info({ event: 'staff.language_set', staffId: id, language }, 'staff language set');
    return toPublicStaff(s);
  }
}
