import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle, passwordResetTokens, staff, users } from '../../src/db/schema/index.ts';
import { accountTag } from '../../src/modules/auth/throttle.ts';
import { sha256Hex } from '../../src/lib/crypto.ts';
import { createTestApp, DATABASES, readOutbox, type TestApp } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff, signInAdmin, STRONG_PASSWORD } from '../factories/index.ts';

/** Rules every account form follows, and what each kind of caller is told. */
const RLO = '\u202e';
const BIDI_MESSAGE = 'Invalid name: it contains hidden text-direction characters. Please type the name again.';
let ipSeq = 0;
const freshIp = () => `10.5.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe.each(DATABASES)('account rules on %s', (db) => {
  let app: TestApp & { dataDir: string };
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress: freshIp() });

  describe('names with text-direction controls', () => {
    it.each([
      ['right-to-left override', `Ravi${RLO}fdp.exe`],
      ['left-to-right embedding', 'Ravi\u202aKumar'],
      ['isolate', 'Sita\u2067Rama\u2069'],
      ['direction mark', 'Lakshmi\u200f'],
    ])('refuses a %s at sign-up, in the profile and in the staff forms', async (_what, name) => {
      const reg = await post('/api/auth/register', {
        name,
        email: `bidi.${Date.now()}.${ipSeq}@example.com`,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      expect(reg.statusCode).toBe(400);
      expect(reg.json().fields.name).toBe(BIDI_MESSAGE);
      const c = await createCustomer(app, { name: 'Plain Name' });
      const profile = await app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        payload: { name },
        headers: c.headers,
      });
      expect(profile.json().fields.name).toBe(BIDI_MESSAGE);
      const created = await post(
        '/api/admin/staff',
        { name, mobile_number: '9876501234', password: STRONG_PASSWORD },
        admin.headers,
      );
      expect(created.statusCode).toBe(400);
      expect(created.json().fields.name).toBe(BIDI_MESSAGE);
      const s = await createStaff(app);
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${s.record.id}`,
        payload: { name },
        headers: admin.headers,
      });
      expect(edited.json().fields.name).toBe(BIDI_MESSAGE);
      expect((await app.ctx.db.select().from(staff).where(eq(staff.id, s.record.id)))[0]!.name).toBe('Counter Clerk');
    });

    it('names stored before the rule are shown to staff and the admin without them', async () => {
      const stored = `Venkat${RLO}gnp.exe`;
      const c = await createCustomer(app, { name: stored });
      const order = await createPaidOrder(app, c.record.id, {
        address: { doorNumber: '4-1', address: `Main${RLO} Road`, pincode: '522002' },
      });
      const s = await createStaff(app, { name: `Clerk${RLO}One` });
      const list = await app.inject({
        method: 'GET',
        url: `/api/staff/orders?search=${order.orderNumber}`,
        headers: s.headers,
      });
      const card = list.json()[0];
      expect(card.customer_name).toBe('Venkatgnp.exe');
      expect(card.user_name).toBe('Venkatgnp.exe');
      expect(card.address_text).toBe('4-1, Main Road, 522002');
      const detail = await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: s.headers });
      expect(detail.json().user_name).toBe('Venkatgnp.exe');
      const accounts = await app.inject({
        method: 'GET',
        url: `/api/admin/users?search=Venkat`,
        headers: admin.headers,
      });
      expect(accounts.json().map((u: { name: string }) => u.name)).toContain('Venkatgnp.exe');
      const staffList = await app.inject({ method: 'GET', url: '/api/admin/staff', headers: admin.headers });
      expect(staffList.json().map((x: { name: string }) => x.name)).toContain('ClerkOne');
      expect(JSON.stringify([list.json(), detail.json(), accounts.json(), staffList.json()])).not.toContain(RLO);
    });
  });

  describe('staff passwords', () => {
    it("are refused when weak, with the customers' rules and messages, on create and on change", async () => {
      const weak = await post(
        '/api/admin/staff',
        { name: 'New Clerk', mobile_number: '9876512345', password: 'password1' },
        admin.headers,
      );
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields.password).toBe('Password must contain at least 1 uppercase letter');
      const short = await post(
        '/api/admin/staff',
        { name: 'New Clerk', mobile_number: '9876512345', password: 'Ab1!' },
        admin.headers,
      );
      expect(short.json().fields.password).toBe('Password must be at least 8 characters');
      const empty = await post(
        '/api/admin/staff',
        { name: 'New Clerk', mobile_number: '9876512345', password: '' },
        admin.headers,
      );
      expect(empty.json().fields.password).toBe('Please fill all fields');
      const ok = await post(
        '/api/admin/staff',
        { name: 'New Clerk', mobile_number: '9876512345', password: STRONG_PASSWORD },
        admin.headers,
      );
      expect(ok.statusCode).toBe(201);
      const id = ok.json().id as number;
      const change = await app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${id}`,
        payload: { password: 'nocapitals1!' },
        headers: admin.headers,
      });
      expect(change.statusCode).toBe(400);
      expect(change.json().fields.password).toBe('Password must contain at least 1 uppercase letter');
      // An empty password keeps the current one.
      const rename = await app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${id}`,
        payload: { name: 'Renamed Clerk', password: '' },
        headers: admin.headers,
      });
      expect(rename.statusCode).toBe(200);
      const signIn = await post('/api/auth/staff/login', { mobile_number: '9876512345', password: STRONG_PASSWORD });
      expect(signIn.statusCode).toBe(200);
    });
  });

  describe("the admin's password reset", () => {
    it('needs the admin rule (12+ characters); a refused password leaves the link usable', async () => {
      const token = 'admin-reset-token-000000000000000000000000';
      await app.ctx.db
        .insert(passwordResetTokens)
        .values({ userId: admin.record.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 3600_000) });
      const short = await post(`/api/auth/reset-password/${token}`, {
        password: 'Short!Pw1',
        confirmPassword: 'Short!Pw1',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe(
        'The admin password needs at least 12 characters, with upper and lower case letters, a number and a symbol.',
      );
      const ok = await post(`/api/auth/reset-password/${token}`, {
        password: 'Long!Enough2026',
        confirmPassword: 'Long!Enough2026',
      });
      expect(ok.statusCode).toBe(200);
      const [row] = await app.ctx.db.select().from(users).where(eq(users.id, admin.record.id));
      expect(row!.passwordStrong).toBe(true);
    });
  });

  it("never publishes the admin's e-mail in the shop's public configuration", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(app.ctx.config.ADMIN_EMAIL);
    expect(res.json()).not.toHaveProperty('adminEmail');
  });

  describe('/api/health', () => {
    it('tells anyone but the admin only whether the shop is up', async () => {
      const c = await createCustomer(app);
      const s = await createStaff(app);
      for (const headers of [{}, c.headers, s.headers]) {
        const res = await app.inject({ method: 'GET', url: '/api/health', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true, status: 'ok' });
      }
      const detail = await app.inject({ method: 'GET', url: '/api/health', headers: (await signInAdmin(app)).headers });
      expect(detail.json()).toMatchObject({
        ok: true,
        status: 'ok',
        database: db,
        storage: 'local',
        mail: 'outbox',
        events: 'memory',
        databaseReachable: true,
      });
    });
  });
});

describe.each(DATABASES)('reset mails to one inbox on %s', (db) => {
  it('at most 3 an hour however many addresses ask; every caller gets the same answer', async () => {
    const app = await createTestApp({ db });
    const c = await createCustomer(app);
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const ask = (email: string) =>
        app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshIp() });
      answers.push((await ask(c.record.email)).body, (await ask(`nobody.${i}@example.com`)).body);
    }
    expect(new Set(answers)).toEqual(
      new Set([JSON.stringify({ message: 'If your email exists in our system, you will receive a reset link soon.' })]),
    );
    // Mails go out after the answer: wait until all 8 requests were counted and the allowed mails have arrived.
    const budget = `reset:${accountTag('email', c.record.email)}`;
    const toVictim = () => readOutbox(app.dataDir).filter((m) => m.includes(`To: ${c.record.email}\r\n`));
    for (let i = 0; i < 300; i++) {
      const [row] = await app.ctx.db.select().from(authThrottle).where(eq(authThrottle.key, budget));
      if (row?.failures === 8 && toVictim().length >= 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(toVictim()).toHaveLength(3);
    await app.close();
  });
});

describe.each(DATABASES)('a shop served over https on %s', (db) => {
  it('marks both sign-in cookies Secure and tells browsers to keep to HTTPS (HSTS); reset links use the public address', async () => {
    const app = await createTestApp({ db, env: { PUBLIC_URL: 'https://print.example.in' } });
    try {
      const c = await createCustomer(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: c.record.email, password: c.password },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[] | string);
      for (const name of ['ps_session', 'ps_device'])
        expect(cookies.find((x) => x.startsWith(`${name}=`))).toMatch(/; Secure/);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: c.record.email },
        remoteAddress: freshIp(),
        headers: { host: 'evil.example' },
      });
      let mail: string | undefined;
      for (let i = 0; i < 300 && !mail; i++) {
        mail = readOutbox(app.dataDir).find((m) => m.includes(`To: ${c.record.email}\r\n`));
        if (!mail) await new Promise((r) => setTimeout(r, 20));
      }
      expect(mail).toMatch(/https:\/\/print\.example\.in\/auth\/reset-password\//);
      expect(mail).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });
});
