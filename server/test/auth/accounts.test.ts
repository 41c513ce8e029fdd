import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES, readOutbox, type TestApp } from '../helpers/app.ts';
import { createCustomer, createStaff, STRONG_PASSWORD } from '../factories/index.ts';

let ipSeq = 0;
/** Each test acts from its own address, so the per-address limits of one test do not leak into another. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [String(raw ?? '')];
  return list.find((c) => c.startsWith('ps_session=')) ?? '';
}

/**
 * The newest mail to `to` that matches, waiting for it (mails go out after the answer). Picked by recipient and
 * content, not by position: another test's "password changed" notice may land in the outbox at the same moment.
 */
async function waitForMailTo(dataDir: string, to: string, match: RegExp): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const found = readOutbox(dataDir).filter((m) => m.includes(`To: ${to}\r\n`) && match.test(m));
    if (found.length) return found[found.length - 1]!;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`no mail to ${to} matching ${match}`);
}

function resetLinkIn(mail: string): string {
  const m = mail.match(/http:\/\/shop\.test\/auth\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error('no reset link in mail');
  return m[1]!;
}

describe.each(DATABASES)('accounts on %s', (db) => {
  let app: TestApp & { dataDir: string };
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (
    url: string,
    payload: unknown,
    extra: { cookie?: string; headers?: Record<string, string>; ip?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress: extra.ip ?? freshIp(),
      headers: { ...(extra.cookie ? { cookie: extra.cookie } : {}), ...extra.headers },
    });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const uniqueEmail = () => `user.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

  describe('the signed-in hint the web app reads', () => {
    const cookies = (res: { headers: Record<string, unknown> }) => {
      const raw = res.headers['set-cookie'];
      return (Array.isArray(raw) ? raw : raw ? [String(raw)] : []) as string[];
    };
    const named = (res: { headers: Record<string, unknown> }, name: string) =>
      cookies(res).find((c) => c.startsWith(`${name}=`)) ?? '';
    const cleared = (c: string) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c);

    it('comes with every session cookie, holds no secret, is readable by the page and goes at sign-out', async () => {
      const email = uniqueEmail();
      const res = await post('/api/auth/register', {
        name: 'Hint Check',
        email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      const session = named(res, 'ps_session');
      const hint = named(res, 'ps_signed_in');
      expect(hint).toMatch(/^ps_signed_in=1;/);
      expect(hint).not.toMatch(/HttpOnly/i);
      expect(hint).toMatch(/SameSite=Lax/i);
      // It lives exactly as long as the session cookie it announces.
      expect(hint.match(/Expires=([^;]+)/)?.[1]).toBe(session.match(/Expires=([^;]+)/)?.[1]);

      const out = await post('/api/auth/logout', {}, { cookie: `${session.split(';')[0]}; ps_signed_in=1` });
      expect(out.statusCode).toBeLessThan(300);
      expect(cleared(named(out, 'ps_session'))).toBe(true);
      expect(cleared(named(out, 'ps_signed_in'))).toBe(true);
    });

    it('is dropped with a session the server no longer knows; a visitor gets no cookies at all', async () => {
      const stale = await me('ps_session=no-such-session; ps_signed_in=1');
      expect(stale.statusCode).toBe(401);
      expect(cleared(named(stale, 'ps_session'))).toBe(true);
      expect(cleared(named(stale, 'ps_signed_in'))).toBe(true);
      const visitor = await app.inject({ method: 'GET', url: '/api/auth/user' });
      expect(visitor.statusCode).toBe(401);
      expect(cookies(visitor)).toEqual([]);
    });

    it('comes with a staff sign-in too', async () => {
      const clerk = await createStaff(app);
      const res = await post('/api/auth/staff/login', {
        mobile_number: clerk.record.mobileNumber,
        password: clerk.password,
      });
      expect(res.statusCode).toBe(200);
      expect(named(res, 'ps_signed_in')).toMatch(/^ps_signed_in=1;/);
    });
  });

  describe('register', () => {
    it('creates the account, signs in with an HttpOnly SameSite=Lax cookie and returns a token', async () => {
      const email = uniqueEmail();
      const res = await post('/api/auth/register', {
        name: '  Lakshmi Devi ',
        email: `  ${email.toUpperCase()} `,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        role: 'admin',
        isAdmin: true,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toBe('Your account has been created successfully.');
      expect(typeof body.token).toBe('string');
      // Extra fields are ignored: nobody registers as admin.
      expect(body.user).toMatchObject({ name: 'Lakshmi Devi', email, role: 'user' });
      expect(body.user.password_hash ?? body.user.passwordHash).toBeUndefined();
      const cookie = cookieOf(res);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/i);
      const who = await me(cookie.split(';')[0]!);
      expect(who.statusCode).toBe(200);
      expect(who.json().email).toBe(email);
      // The bearer token works too.
      const viaBearer = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(viaBearer.json().name).toBe('Lakshmi Devi');
    });

    it.each([
      ['name', { name: '' }, 'Invalid name: Please enter a valid name.'],
      ['email', { email: 'not-an-email' }, 'Invalid email format'],
      ['password', { password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, 'Password must be at least 8 characters'],
      [
        'password',
        { password: 'lower1!case', confirmPassword: 'lower1!case' },
        'Password must contain at least 1 uppercase letter',
      ],
      [
        'password',
        { password: 'UPPER1!CASE', confirmPassword: 'UPPER1!CASE' },
        'Password must contain at least 1 lowercase letter',
      ],
      [
        'password',
        { password: 'NoDigits!here', confirmPassword: 'NoDigits!here' },
        'Password must contain at least 1 digit',
      ],
      [
        'password',
        { password: 'NoSpecial123', confirmPassword: 'NoSpecial123' },
        'Password must contain at least 1 special character',
      ],
      ['confirmPassword', { confirmPassword: 'Different1!' }, "Passwords don't match"],
    ])('refuses a bad %s with its fixed message %#', async (field, override, message) => {
      const res = await post('/api/auth/register', {
        name: 'Ravi',
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        ...override,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
      expect(res.json().message).toBe(message);
    });

    it('refuses a second account with the same e-mail (any case) with 409', async () => {
      const email = uniqueEmail();
      const first = await post('/api/auth/register', {
        name: 'A',
        email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      expect(first.statusCode).toBe(201);
      const second = await post('/api/auth/register', {
        name: 'B',
        email: email.toUpperCase(),
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('An account with this email already exists');
    });
  });

  describe('login and logout', () => {
    it('signs in with the right password and answers a generic 401 otherwise', async () => {
      const c = await createCustomer(app, { email: uniqueEmail() });
      const ok = await post('/api/auth/login', { email: c.record.email.toUpperCase(), password: c.password });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.email).toBe(c.record.email);
      expect(cookieOf(ok)).toMatch(/HttpOnly/i);

      const wrong = await post('/api/auth/login', { email: c.record.email, password: 'Wrong!Pass1' });
      const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong!Pass1' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Invalid email or password');
      expect(unknown.json().message).toBe(wrong.json().message);
    });

    it('gives the fixed messages for a bad e-mail and a missing password', async () => {
      const res = await post('/api/auth/login', { email: 'x', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ email: 'Invalid email format', password: 'Password is required' });
    });

    it('logout revokes the session and clears the cookie', async () => {
      const c = await createCustomer(app, { email: uniqueEmail() });
      const login = await post('/api/auth/login', { email: c.record.email, password: c.password });
      const cookie = cookieOf(login).split(';')[0]!;
      expect((await me(cookie)).statusCode).toBe(200);
      const out = await post('/api/auth/logout', {}, { cookie, headers: { origin: 'http://shop.test' } });
      expect(out.statusCode).toBe(200);
      expect(out.json().message).toBe('Signed out');
      expect(cookieOf(out)).toMatch(/ps_session=;/);
      const after = await me(cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('No auth token');
      // The token stolen before logout is dead as a bearer too.
      const bearer = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(bearer.statusCode).toBe(401);
    });

    it('answers 401 No auth token to a signed-out visitor', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/user' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('No auth token');
    });

    it('refuses a cookie-carried POST from another site with 403', async () => {
      const c = await createCustomer(app, { email: uniqueEmail() });
      const login = await post('/api/auth/login', { email: c.record.email, password: c.password });
      const cookie = cookieOf(login).split(';')[0]!;
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        payload: { name: 'Hacked' },
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
      const out = await post('/api/auth/logout', {}, { cookie, headers: { origin: 'https://evil.example' } });
      expect(out.statusCode).toBe(403);
      expect((await me(cookie)).json().name).toBe(c.record.name);
    });

    it('the admin signs in through the same call and is told apart by role', async () => {
      const res = await post('/api/auth/login', {
        email: app.ctx.config.ADMIN_EMAIL,
        password: app.ctx.config.ADMIN_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('admin');
    });
  });

  it('marks the cookie Secure when the shop is served over HTTPS', async () => {
    const secureApp = await createTestApp({ db, env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      const res = await secureApp.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Secure', email: uniqueEmail(), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(cookieOf(res)).toMatch(/; Secure/i);
      expect(cookieOf(res)).toMatch(/HttpOnly/i);
    } finally {
      await secureApp.close();
    }
  });

  describe('profile', () => {
    it('updates the name and refuses an empty one', async () => {
      const c = await createCustomer(app, { email: uniqueEmail(), name: 'Old Name' });
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        payload: { name: ' Sita Rama ' },
        headers: c.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Sita Rama');
      expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: c.headers })).json().name).toBe(
        'Sita Rama',
      );
      const empty = await app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        payload: { name: '   ' },
        headers: c.headers,
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields.name).toBe('Invalid name: Please enter a valid name.');
      const anon = await app.inject({ method: 'PATCH', url: '/api/auth/user', payload: { name: 'X' } });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe('forgot and reset password', () => {
    const FORGOT = 'If your email exists in our system, you will receive a reset link soon.';

    it('answers the same for an unknown e-mail and sends no mail', async () => {
      const before = readOutbox(app.dataDir).length;
      const res = await post('/api/auth/forgot-password', { email: 'no.such.person@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT });
      await new Promise((r) => setTimeout(r, 300));
      expect(readOutbox(app.dataDir).length).toBe(before);
      const bad = await post('/api/auth/forgot-password', { email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.email).toBe('Invalid email format');
    });

    it('mails a link that works once, signs out every old session, and mails a change notice', async () => {
      const c = await createCustomer(app, { email: uniqueEmail() });
      const res = await post('/api/auth/forgot-password', { email: c.record.email });
      expect(res.json()).toEqual({ message: FORGOT });
      const mail = await waitForMailTo(app.dataDir, c.record.email, /reset-password\//);
      const token = resetLinkIn(mail);
      // Only the hash is stored.
      const rows = await app.ctx.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, c.record.id));
      expect(rows.map((r) => r.tokenHash)).not.toContain(token);

      const weak = await post(`/api/auth/reset-password/${token}`, {
        password: 'weakpass',
        confirmPassword: 'weakpass',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields.password).toBe(
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      );
      const mismatch = await post(`/api/auth/reset-password/${token}`, {
        password: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd2',
      });
      expect(mismatch.json().fields.confirmPassword).toBe('Passwords do not match');

      const ok = await post(`/api/auth/reset-password/${token}`, {
        password: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd',
      });
      expect(ok.statusCode).toBe(200);
      expect(typeof ok.json().message).toBe('string');
      // The session made before the reset is gone.
      expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: c.headers })).statusCode).toBe(401);
      // The old password no longer works, the new one does.
      expect((await post('/api/auth/login', { email: c.record.email, password: c.password })).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email: c.record.email, password: 'N3w!Passw0rd' })).statusCode).toBe(200);
      expect(await waitForMailTo(app.dataDir, c.record.email, /Subject: Your password was changed/)).not.toMatch(
        /reset-password\//,
      );

      const again = await post(`/api/auth/reset-password/${token}`, {
        password: 'An0ther!Pass',
        confirmPassword: 'An0ther!Pass',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('Invalid or expired reset link');
    });

    it('lets only one of two simultaneous resets with the same link through', async () => {
      const c = await createCustomer(app, { email: uniqueEmail() });
      await post('/api/auth/forgot-password', { email: c.record.email });
      const token = resetLinkIn(await waitForMailTo(app.dataDir, c.record.email, /reset-password\//));
      const body = { password: 'Para11el!Pass', confirmPassword: 'Para11el!Pass' };
      const results = await Promise.all([
        post(`/api/auth/reset-password/${token}`, body),
        post(`/api/auth/reset-password/${token}`, body),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('refuses an expired link and a made-up one', async () => {
      const c = await createCustomer(app, { email: uniqueEmail() });
      await post('/api/auth/forgot-password', { email: c.record.email });
      const token = resetLinkIn(await waitForMailTo(app.dataDir, c.record.email, /reset-password\//));
      await app.ctx.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.userId, c.record.id));
      const expired = await post(`/api/auth/reset-password/${token}`, {
        password: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('Invalid or expired reset link');
      const madeUp = await post('/api/auth/reset-password/not-a-real-token', {
        password: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd',
      });
      expect(madeUp.statusCode).toBe(400);
      // The password did not change.
      const [row] = await app.ctx.db.select().from(users).where(eq(users.id, c.record.id));
      expect(row!.passwordHash).toBe(c.record.passwordHash);
    });

    it('never writes the token, the password or the full e-mail to the logs', async () => {
      const lines: string[] = [];
      const logged = await createTestApp({ db, logLines: lines });
      try {
        const email = `secret.person.${Date.now()}@example.com`;
        const reg = await logged.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Secret', email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
        });
        expect(reg.statusCode).toBe(201);
        await logged.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong!Pass1' } });
        await logged.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
        // The reset mail by recipient and content (not the first file: another mail may be written first).
        const token = resetLinkIn(await waitForMailTo(logged.dataDir, email, /reset-password/));
        await logged.inject({
          method: 'POST',
          url: `/api/auth/reset-password/${token}`,
          payload: { password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' },
        });
        const all = lines.join('\n');
        expect(all).not.toContain(email);
        expect(all).not.toContain(token);
        expect(all).not.toContain(STRONG_PASSWORD);
        expect(all).not.toContain('N3w!Passw0rd');
        expect(all).not.toContain(reg.json().token);
      } finally {
        await logged.close();
      }
    });
  });

  describe('staff sign-in', () => {
    it('signs staff in by mobile number and shows who they are', async () => {
      const s = await createStaff(app, { name: 'Counter Clerk' });
      const res = await post('/api/auth/staff/login', { mobile_number: s.record.mobileNumber, password: s.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().staff).toMatchObject({
        name: 'Counter Clerk',
        mobile_number: s.record.mobileNumber,
        is_active: true,
      });
      const cookie = cookieOf(res).split(';')[0]!;
      const meRes = await app.inject({ method: 'GET', url: '/api/auth/staff/me', headers: { cookie } });
      expect(meRes.statusCode).toBe(200);
      expect(meRes.json().name).toBe('Counter Clerk');
      // A staff session is not a customer session.
      expect((await me(cookie)).statusCode).toBe(403);
    });

    it('takes the number as people type it at the counter: spaces, +91, a leading 0', async () => {
      const s = await createStaff(app, { name: 'Typing Clerk' });
      const m = s.record.mobileNumber;
      for (const typed of [
        `${m.slice(0, 5)} ${m.slice(5)}`,
        `+91 ${m.slice(0, 5)} ${m.slice(5)}`,
        `0${m.slice(0, 5)} ${m.slice(5)}`,
        `+91-${m}`,
      ]) {
        const res = await post('/api/auth/staff/login', { mobile_number: typed, password: s.password });
        expect(res.statusCode, typed).toBe(200);
        expect(res.json().staff.name).toBe('Typing Clerk');
      }
      // The wrong password is still the same refusal, however the number is typed.
      const wrong = await post('/api/auth/staff/login', { mobile_number: `+91 ${m}`, password: 'Wrong!Pass1' });
      expect(wrong.statusCode).toBe(401);
    });

    it('refuses a short number with its fixed message', async () => {
      const res = await post('/api/auth/staff/login', { mobile_number: '98765', password: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.mobile_number).toBe('Mobile number must be at least 10 digits');
      const noPw = await post('/api/auth/staff/login', { mobile_number: '9876543210', password: '' });
      expect(noPw.json().fields.password).toBe('Password is required');
    });

    it('a deactivated or deleted clerk gets the answer a wrong password gets, so it never confirms a password (decision 034)', async () => {
      const inactive = await createStaff(app, { isActive: false });
      const deleted = await createStaff(app);
      const { staff } = await import('../../src/db/schema/index.ts');
      await app.ctx.db.update(staff).set({ deletedAt: new Date() }).where(eq(staff.id, deleted.record.id));
      const unknown = await post('/api/auth/staff/login', { mobile_number: '9000012345', password: 'Wrong!Pass1' });
      const said = 'Invalid mobile number or password. A deactivated account cannot sign in: ask the shop admin.';
      expect(unknown.json()).toEqual({ code: 'invalid_credentials', message: said });
      for (const s of [inactive, deleted]) {
        const guess = await post('/api/auth/staff/login', {
          mobile_number: s.record.mobileNumber,
          password: 'Wrong!Pass1',
        });
        const right = await post('/api/auth/staff/login', {
          mobile_number: s.record.mobileNumber,
          password: s.password,
        });
        for (const res of [guess, right]) {
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ code: 'invalid_credentials', message: said });
          expect(cookieOf(res)).toBe('');
        }
      }
      // Active again: the same password signs in.
      await app.ctx.db.update(staff).set({ isActive: true }).where(eq(staff.id, inactive.record.id));
      expect(
        (
          await post('/api/auth/staff/login', {
            mobile_number: inactive.record.mobileNumber,
            password: inactive.password,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('a customer session cannot read the staff identity', async () => {
      const c = await createCustomer(app, { email: uniqueEmail() });
      const res = await app.inject({ method: 'GET', url: '/api/auth/staff/me', headers: c.headers });
      expect(res.statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/auth/staff/me' })).statusCode).toBe(401);
    });
  });

  describe('per-address request ceiling', () => {
    it.each([
      ['customer and admin sign-in', '/api/auth/login'],
      ['staff sign-in', '/api/auth/staff/login'],
      ['password reset (guessing links)', '/api/auth/reset-password/guessed-token-0000000000000000000000000'],
      ['forgot password', '/api/auth/forgot-password'],
    ])(
      'answers 429 with Retry-After to a flood of %s calls from one address, and not to the next address',
      async (_name, url) => {
        const ip = freshIp();
        const statuses: number[] = [];
        let limited: Awaited<ReturnType<typeof post>> | undefined;
        let limitedAt = 0;
        for (let i = 0; i < 120 && !limited; i++) {
          const res = await post(url, {}, { ip });
          statuses.push(res.statusCode);
          if (res.statusCode === 429) [limited, limitedAt] = [res, Date.now()];
        }
        expect(limited, `no 429 after ${statuses.length} calls`).toBeDefined();
        // Honest use (a few tries and typos) is far below the ceiling.
        expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
        expect(limited!.json()).toEqual({
          message: 'Too many attempts. Please wait a few minutes and try again.',
          code: 'rate_limited',
        });
        expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
        // It stays refused for this address, while the next address is served. The ceiling is a rate: it gives a
        // call back every 0.6 s at most (1.2 s for forgot-password), the next one possibly a moment after the 429. So
        // of five more calls at once, only one more than the time since earned may pass: on an idle machine 2 of 5.
        const again: number[] = [];
        for (let i = 0; i < 5; i++) again.push((await post(url, {}, { ip })).statusCode);
        const earned = Math.floor((Date.now() - limitedAt) / 600) + 2;
        expect(
          again.filter((s) => s !== 429).length,
          `${again} within ${Date.now() - limitedAt} ms`,
        ).toBeLessThanOrEqual(earned);
        expect((await post(url, {})).statusCode).toBe(400);
      },
    );

    it('outside tests the ceilings are the production ones: 20 a minute for sign-in and reset, 10 for forgot-password', async () => {
      const live = await createTestApp({ db, env: { NODE_ENV: 'development' } });
      try {
        const ceilings: Record<string, number> = {
          '/api/auth/login': 20,
          '/api/auth/staff/login': 20,
          '/api/auth/reset-password/guessed-token-0000000000000000000000000': 20,
          '/api/auth/forgot-password': 10,
        };
        for (const [url, ceiling] of Object.entries(ceilings)) {
          const ip = freshIp();
          const statuses: number[] = [];
          const started = Date.now();
          for (let i = 0; i < ceiling + 3; i++)
            statuses.push((await live.inject({ method: 'POST', url, payload: {}, remoteAddress: ip })).statusCode);
          expect(statuses.slice(0, ceiling), url).toEqual(Array(ceiling).fill(400));
          // Then refused, but for one call given back each minute / ceiling the calls themselves took (a busy
          // machine can take seconds over them).
          const earned = Math.floor((Date.now() - started) / (60_000 / ceiling));
          expect(statuses.filter((st) => st === 400).length, `${url}: ${statuses}`).toBeLessThanOrEqual(
            ceiling + earned,
          );
          if (earned < 3) expect(statuses, url).toContain(429);
        }
      } finally {
        await live.close();
      }
    });
  });
});
