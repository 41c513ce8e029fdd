import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../src/db/schema/index.ts';
import { accountKey, accountTag, pairKey } from '../../src/modules/auth/throttle.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createStaff } from '../factories/index.ts';

/**
 * Sign-in throttling (decision 011), tried as a stranger would: failures never lock an account for its owner, the
 * owner's known browser and other addresses get in with the right password, one address and many addresses are
 * slowed, and parallel or header-rotating requests do not slip past.
 */
let ipSeq = 0;
const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

type Res = Awaited<ReturnType<TestApp['inject']>>;
const cookie = (res: Res, name: string) => {
  const raw = res.headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : raw ? [String(raw)] : []) as string[];
  return list.find((c) => c.startsWith(`${name}=`)) ?? '';
};
const deviceOf = (res: Res) => cookie(res, 'ps_device').split(';')[0]!;

describe.each(DATABASES)('sign-in throttling on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (email: string, password: string, opts: { ip?: string; device?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: opts.ip ?? freshIp(),
      headers: opts.device ? { cookie: opts.device } : {},
    });
  const staffLogin = (mobile: string, password: string, opts: { ip?: string; device?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/staff/login',
      payload: { mobile_number: mobile, password },
      remoteAddress: opts.ip ?? freshIp(),
      headers: opts.device ? { cookie: opts.device } : {},
    });
  /** The wait (seconds) the key's last counted try imposed on the next one: exact, whatever the clock did since. */
  const waitOf = async (key: string) => {
    const [row] = await app.ctx.db
      .select({
        wait: sql<number>`coalesce(round(extract(epoch from ${authThrottle.lockedUntil} - ${authThrottle.lastFailureAt})), 0)::int`,
      })
      .from(authThrottle)
      .where(eq(authThrottle.key, key));
    return row?.wait ?? 0;
  };
  /** As if the waits had run out (no test waits on the clock). */
  const endWaits = (keys?: string[]) =>
    app.ctx.db
      .update(authThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(keys ? inArray(authThrottle.key, keys) : undefined);
  /**
   * `count` tries, each as soon as the previous one's wait is over (ended rather than waited for), so the last one
   * imposes a wait long enough (2^(count - free) s) that a slow machine cannot outrun it. Returns the statuses.
   */
  const tries = async (count: number, attempt: (i: number) => Promise<Res>) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      await endWaits();
      statuses.push((await attempt(i)).statusCode);
    }
    return statuses;
  };

  it("a stranger's failures never keep the owner out: the right password from another address gets in, then from the owner's own browser", async () => {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = app.ctx.config;
    const strangerIp = freshIp();
    const first = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(cookie(first, 'ps_device')).toMatch(/HttpOnly/i);
    expect(cookie(first, 'ps_device')).toMatch(/Path=\/api\/auth/);
    expect(cookie(first, 'ps_device')).toMatch(/SameSite=Strict/i);
    const statuses = await tries(12, (i) => login(ADMIN_EMAIL, `Wrong!Admin${i}`, { ip: strangerIp }));
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The old rule locked the admin out for everyone after 5 failures.
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
    // The admin behind the stranger's very address (one office network), on the browser used before.
    const stranger = await login(ADMIN_EMAIL, `Wrong!Admin`, { ip: strangerIp });
    expect(stranger.statusCode).toBe(429);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, { ip: strangerIp, device })).statusCode).toBe(200);
  });

  it('slows one address guessing one account with waits that double, up to 15 minutes, and says how long to wait', async () => {
    const c = await createCustomer(app);
    const ip = freshIp();
    const key = pairKey(accountTag('email', c.record.email), ip).key;
    const waits: number[] = [];
    for (let i = 0; i < 17; i++) {
      await endWaits([key]);
      expect((await login(c.record.email, `Wrong!Pass${i}`, { ip })).statusCode).toBe(401);
      waits.push(await waitOf(key));
      if (i === 9) {
        // 32 s to wait: even the right password is refused until then, and the answer says so.
        const waiting = await login(c.record.email, c.password, { ip });
        expect(waiting.statusCode).toBe(429);
        expect(waiting.json()).toEqual({
          code: 'too_many_attempts',
          message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/),
        });
        expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(32);
      }
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    const long = await login(c.record.email, c.password, { ip });
    expect(long.json().message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(Number(long.headers['retry-after'])).toBeGreaterThan(800);
    // Once the wait is over the right password works, and this address's count starts again.
    await endWaits([key]);
    expect((await login(c.record.email, c.password, { ip })).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(authThrottle).where(eq(authThrottle.key, key))).toEqual([]);
  });

  it('answers the same for an account that does not exist, so the throttle reveals nothing', async () => {
    const ip = freshIp();
    const c = await createCustomer(app);
    const answers = async (email: string) => {
      const statuses = await tries(9, () => login(email, 'Wrong!Pass1', { ip }));
      const last = await login(email, 'Wrong!Pass1', { ip });
      return [...statuses, last.statusCode, last.json().code];
    };
    const known = await answers(c.record.email);
    expect(known).toEqual([...Array(9).fill(401), 429, 'too_many_attempts']);
    expect(await answers(`nobody.${ip}@example.com`)).toEqual(known);
  });

  it('a deactivated clerk with the right password is answered and slowed exactly as a wrong password is (decision 034)', async () => {
    const off = await createStaff(app, { isActive: false });
    const answers = async (password: string) => {
      const ip = freshIp();
      const statuses = await tries(9, () => staffLogin(off.record.mobileNumber, password, { ip }));
      const last = await staffLogin(off.record.mobileNumber, password, { ip });
      return [...statuses, last.statusCode, last.json().code];
    };
    const right = await answers(off.password);
    expect(right).toEqual([...Array(9).fill(401), 429, 'too_many_attempts']);
    expect(await answers('Wrong!Pass1')).toEqual(right);
  });

  it("a known browser's own mistakes are counted on their own: it waits, other addresses do not", async () => {
    const c = await createCustomer(app);
    const device = deviceOf(await login(c.record.email, c.password));
    const ip = freshIp();
    expect(await tries(9, () => login(c.record.email, 'Wrong!Pass1', { ip, device }))).toEqual(Array(9).fill(401));
    expect((await login(c.record.email, c.password, { ip, device })).statusCode).toBe(429);
    // Neither the account nor the address was charged for the device's typos.
    expect((await login(c.record.email, c.password, { ip })).statusCode).toBe(200);
    // A cookie the server never issued is just an unknown browser.
    const forged = `ps_device=${'A'.repeat(43)}`;
    const fromForged = await login(c.record.email, c.password, { device: forged });
    expect(fromForged.statusCode).toBe(200);
    expect(deviceOf(fromForged)).not.toBe(forged);
  });

  it('slows guessing spread over many addresses to one try a minute for unknown browsers, never locking the owner out', async () => {
    const c = await createCustomer(app);
    const device = deviceOf(await login(c.record.email, c.password));
    const account = accountKey(accountTag('email', c.record.email)).key;
    // 55 tries, each from a new address: from the 50th on, each makes the next unknown browser wait (1, 2, … 32 s).
    expect(await tries(55, (i) => login(c.record.email, `Wrong!Pass${i}`))).toEqual(Array(55).fill(401));
    expect(await waitOf(account)).toBe(32);
    const fresh = await login(c.record.email, c.password);
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(32);
    // The owner's browser is not slowed at all.
    expect((await login(c.record.email, c.password, { device })).statusCode).toBe(200);
    // However long the guessing goes on, the wait stays at most a minute.
    await app.ctx.db.update(authThrottle).set({ failures: 5000 }).where(eq(authThrottle.key, account));
    await endWaits([account]);
    expect((await login(c.record.email, 'Wrong!Pass')).statusCode).toBe(401);
    expect(await waitOf(account)).toBe(60);
    await endWaits([account]);
    expect((await login(c.record.email, c.password)).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses exactly: only the tries the rule allows reach the password check', async () => {
    const c = await createCustomer(app);
    const ip = freshIp();
    const key = pairKey(accountTag('email', c.record.email), ip).key;
    for (let i = 0; i < 9; i++) {
      expect((await login(c.record.email, 'Wrong!Pass1', { ip })).statusCode).toBe(401);
      await endWaits([key]);
    }
    // The next try may go ahead; it then makes the following one wait 32 s.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(c.record.email, `Wrong!Burst${i}`, { ip })),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 401)).toHaveLength(1);
    expect(codes.filter((s) => s === 429)).toHaveLength(11);
    expect(await waitOf(key)).toBe(32);
  });

  it('slows one address trying many accounts (20 tries), and not the next address', async () => {
    const ip = freshIp();
    expect(await tries(24, (i) => login(`spray${i}.${ip}@example.com`, 'Wrong!Pass1', { ip }))).toEqual(
      Array(24).fill(401),
    );
    const c = await createCustomer(app);
    expect((await login(c.record.email, c.password, { ip })).statusCode).toBe(429);
    expect((await login(c.record.email, c.password)).statusCode).toBe(200);
  });

  it('staff numbers are throttled the same way: the clerk gets in from the counter while a stranger is slowed', async () => {
    const s = await createStaff(app);
    const counter = deviceOf(await staffLogin(s.record.mobileNumber, s.password));
    const strangerIp = freshIp();
    expect(await tries(9, () => staffLogin(s.record.mobileNumber, 'Wrong!Pass1', { ip: strangerIp }))).toEqual(
      Array(9).fill(401),
    );
    expect((await staffLogin(`+91${s.record.mobileNumber}`, s.password, { ip: strangerIp })).statusCode).toBe(429);
    expect((await staffLogin(s.record.mobileNumber, s.password, { ip: strangerIp, device: counter })).statusCode).toBe(
      200,
    );
    expect((await staffLogin(s.record.mobileNumber, s.password)).statusCode).toBe(200);
  });

  it('the browser that completes a password reset is known: it signs in while strangers are still being slowed', async () => {
    const c = await createCustomer(app);
    const account = accountKey(accountTag('email', c.record.email)).key;
    expect(await tries(56, (i) => login(c.record.email, `Wrong!Pass${i}`))).toEqual(Array(56).fill(401));
    expect((await login(c.record.email, c.password)).statusCode).toBe(429);
    const { passwordResetTokens } = await import('../../src/db/schema/index.ts');
    const { sha256Hex } = await import('../../src/lib/crypto.ts');
    const token = 'reset-token-for-throttle-test-0000000000000';
    await app.ctx.db
      .insert(passwordResetTokens)
      .values({ userId: c.record.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 3600_000) });
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'N3w!Password', confirmPassword: 'N3w!Password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(c.record.email, 'N3w!Password')).statusCode).toBe(429);
    expect((await login(c.record.email, 'N3w!Password', { device: deviceOf(reset) })).statusCode).toBe(200);
    expect(await waitOf(account)).toBe(60);
  });
});
