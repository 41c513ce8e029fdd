import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { createCustomer, createStaff, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { PRODUCTION_ENV } from '../helpers/production-env.ts';

/** Who reads the API description (decision 033): the admin in production, anyone elsewhere. */

describe('API_DOCS', () => {
  it('is the admin only in production and public elsewhere, unless set', () => {
    expect(loadConfig(PRODUCTION_ENV).apiDocs).toBe('admin');
    expect(loadConfig({ ...PRODUCTION_ENV, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS: must be public or admin/);
  });
});

describe.each(DATABASES)('GET /api/docs for the admin only on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ db, env: { API_DOCS: 'admin' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 401 to anyone signed out, 403 to customers and staff, the document to the admin', async () => {
    const docs = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/docs', headers });
    const anonymous = await docs();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.length).toBeLessThan(200);
    expect((await docs((await createCustomer(app)).headers)).statusCode).toBe(403);
    expect((await docs((await createStaff(app)).headers)).statusCode).toBe(403);
    const admin = await docs((await signInAdmin(app)).headers);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().openapi).toBe('3.1.0');
  });
});
