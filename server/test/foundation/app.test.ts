import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSecurityOptions, securityHeaders } from '../../src/plugins/security-headers.ts';
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
    // JSON answers: nothing may run in them or frame them (OWASP REST set).
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const ok = await app.inject({ method: 'GET', url: '/api/services' });
    expect(ok.headers['content-security-policy']).toBe(csp);
    // Anything else (the web app's pages and files, downloads) carries the page policy: own scripts only, never inline.
    const page = securityHeaders(pageSecurityOptions(app.ctx.config));
    const pageCsp = page['content-security-policy']!;
    expect(pageCsp).toMatch(/script-src 'self'/);
    expect(pageCsp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(pageCsp).toContain("frame-ancestors 'none'");
    expect(pageCsp).toContain("object-src 'none'");
    expect(page['x-content-type-options']).toBe('nosniff');
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

describe('closing the shop', () => {
  it('ends a connection a browser opened and never used, and closes without waiting for it', async () => {
    const app = await createTestApp();
    // Node would end the unused connection only at its header timeout; made long here, so that a close waiting for
    // it would outlast the test's own timeout.
    app.server.headersTimeout = 10 * 60_000;
    app.server.requestTimeout = 10 * 60_000;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const unused = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => unused.once('connect', () => resolve()));
    const ended = new Promise<boolean>((resolve) => unused.once('close', () => resolve(true)));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    await app.close();
    expect(await ended).toBe(true);
    expect(unused.destroyed).toBe(true);
  });
});
