import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import type { Database } from '../../src/db/client.ts';
import { sessions, users } from '../../src/db/schema/index.ts';
import { DATABASES, openTestDatabase, type TestApp } from '../helpers/app.ts';
import { recordSecret } from '../helpers/log-capture.ts';
import { PRODUCTION_WITHOUT_ADMIN } from '../helpers/production-env.ts';

/**
 * The admin account across starts on one database (decision 013): ADMIN_PASSWORD, when given, replaces the stored
 * password; production refuses to start while the stored password is the local default or a weak one.
 */
const STRONG = 'Guntur!Print2026';
const OTHER_STRONG = 'Brodipet#Xerox1982';

describe.each(DATABASES)('the admin account at start on %s', (kind) => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-start-'));
    for (const s of [STRONG, OTHER_STRONG, 'admin']) recordSecret('password', s);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the shop on this test's database with these variables; returns the app, or the start's refusal. */
  const start = async (env: Record<string, string>): Promise<TestApp | Error> => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RECONCILE_INTERVAL_SECONDS: '0', ...env });
    try {
      const app = await buildApp({ config, database, serveWeb: false, logStream: { write: () => {} } });
      await app.ready();
      return app as TestApp;
    } catch (err) {
      return err as Error;
    }
  };
  const startOk = async (env: Record<string, string>) => {
    const app = await start(env);
    if (app instanceof Error) throw app;
    return app;
  };
  const signIn = async (app: TestApp, password: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@printshop.local', password },
        remoteAddress: `10.3.0.${Math.floor(Math.random() * 250) + 1}`,
      })
    ).statusCode;

  it('a shop first started without ADMIN_PASSWORD cannot go to production with the default still stored', async () => {
    const local = await startOk({ NODE_ENV: 'development' });
    expect(await signIn(local, 'Admin@12345')).toBe(200);
    await local.close();
    const refused = await start(PRODUCTION_WITHOUT_ADMIN);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(
      /stored admin password of admin@printshop\.local is the local default or a weak one.*Start once with ADMIN_PASSWORD set to a strong password/,
    );
  });

  it('ADMIN_PASSWORD given at a production start replaces the stored one and signs the old sessions out', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@printshop.local'));
    const before = await database.db.select().from(sessions).where(eq(sessions.userId, admin!.id));
    expect(before.some((s) => !s.revokedAt)).toBe(true);
    const prod = await startOk({ ...PRODUCTION_WITHOUT_ADMIN, ADMIN_PASSWORD: STRONG });
    expect(await signIn(prod, 'Admin@12345')).toBe(401);
    expect(await signIn(prod, STRONG)).toBe(200);
    const old = await database.db.select().from(sessions).where(eq(sessions.userId, admin!.id));
    expect(old.filter((s) => before.some((b) => b.tokenHash === s.tokenHash)).every((s) => s.revokedAt)).toBe(true);
    await prod.close();
  });

  it('a later production start without the variable keeps the stored strong password; the variable wins whenever given', async () => {
    const again = await startOk(PRODUCTION_WITHOUT_ADMIN);
    expect(await signIn(again, STRONG)).toBe(200);
    await again.close();
    const changed = await startOk({ ...PRODUCTION_WITHOUT_ADMIN, ADMIN_PASSWORD: OTHER_STRONG });
    expect(await signIn(changed, STRONG)).toBe(401);
    expect(await signIn(changed, OTHER_STRONG)).toBe(200);
    await changed.close();
  });

  it('a weak password applied at a local start is remembered as weak: production then refuses until a strong one is given', async () => {
    const local = await startOk({ NODE_ENV: 'development', ADMIN_PASSWORD: 'admin' });
    expect(await signIn(local, 'admin')).toBe(200);
    await local.close();
    const refused = await start(PRODUCTION_WITHOUT_ADMIN);
    expect((refused as Error).message).toMatch(/is the local default or a weak one/);
    const fixed = await startOk({ ...PRODUCTION_WITHOUT_ADMIN, ADMIN_PASSWORD: STRONG });
    expect(await signIn(fixed, STRONG)).toBe(200);
    await fixed.close();
  });

  it('an ADMIN_EMAIL that belongs to a customer is refused, and never given the admin password', async () => {
    const app = await startOk({ NODE_ENV: 'development' });
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Not The Admin',
        email: 'owner@example.com',
        password: 'Str0ng!Pass',
        confirmPassword: 'Str0ng!Pass',
      },
    });
    expect(reg.statusCode).toBe(201);
    await app.close();
    const refused = await start({
      ...PRODUCTION_WITHOUT_ADMIN,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: STRONG,
    });
    expect((refused as Error).message).toMatch(/ADMIN_EMAIL owner@example\.com belongs to a customer account/);
    const [row] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(row!.role).toBe('user');
  });
});

describe.each(DATABASES)('a fresh production shop on %s', (kind) => {
  it('refuses to start without ADMIN_PASSWORD, and creates the admin with it', async () => {
    const database = await openTestDatabase(kind);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-fresh-'));
    try {
      const base = {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        RECONCILE_INTERVAL_SECONDS: '0',
        ...PRODUCTION_WITHOUT_ADMIN,
      };
      await expect(
        buildApp({ config: loadConfig(base), database, serveWeb: false, logStream: { write: () => {} } }),
      ).rejects.toThrow(/does not exist yet and ADMIN_PASSWORD is not set/);
      const app = await buildApp({
        config: loadConfig({ ...base, ADMIN_PASSWORD: STRONG }),
        database,
        serveWeb: false,
        logStream: { write: () => {} },
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@printshop.local', password: STRONG },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('admin');
      await app.close();
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
