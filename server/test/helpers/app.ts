import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import type { AppContext } from '../../src/context.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { OutboxMailer } from '../../src/modules/mail/outbox-mailer.ts';

export type TestApp = FastifyInstance & { ctx: AppContext };

/** Which databases the integration suites run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASES: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database made for this test file. */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({});
  const base = process.env.TEST_DATABASE_URL!;
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

export interface TestAppOptions {
  db?: 'pglite' | 'postgres';
  env?: Record<string, string>;
  /** Captured log lines (JSON), for checks that no secret is logged. */
  logLines?: string[];
}

/** Builds the whole app in-process on a fresh database and a temporary DATA_DIR. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp & { dataDir: string; config: Config }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    LOG_LEVEL: opts.logLines ? 'info' : 'silent',
    RECONCILE_INTERVAL_SECONDS: '0',
    ...opts.env,
  });
  const database = await openTestDatabase(opts.db ?? 'pglite');
  const app = await buildApp({
    config,
    database,
    serveWeb: false,
    mailer: new OutboxMailer(path.join(dataDir, 'outbox'), config.MAIL_FROM),
    logStream: opts.logLines ? { write: (line: string) => void opts.logLines!.push(line) } : undefined,
  });
  app.addHook('onClose', async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return Object.assign(app, { dataDir, config });
}

/** Reads the newest mail in the test outbox. */
export function readOutbox(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
