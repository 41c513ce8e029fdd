import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';

describe.each(DATABASES)('foundation on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers unknown API paths with a JSON 404 carrying a message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/No such/);
  });

  it('refuses malformed JSON with a 400 and a message, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
  });

  it('sends security headers: CSP without inline scripts, nosniff, frame-ancestors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('seeds at least two active services per category and the admin account', async () => {
    const { services, users } = await import('../../src/db/schema/index.ts');
    const rows = await app.ctx.db.select().from(services);
    for (const category of ['color_printing', 'black_white_printing', 'pvc_card']) {
      expect(rows.filter((r) => r.category === category && r.isActive).length).toBeGreaterThanOrEqual(2);
    }
    const admins = (await app.ctx.db.select().from(users)).filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
    expect(admins[0]!.passwordHash).toMatch(/^scrypt\$/);
  });
});
