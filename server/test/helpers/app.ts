import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ShopContext } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import type { ShopEvent } from '../../src/modules/events/events.ts';
import { OutboxMailer } from '../../src/modules/mail/outbox-mailer.ts';
import { invoiceAttachments } from '../../src/modules/invoices/invoice-file.ts';
import { expect, inject } from 'vitest';
import { STRONG_PASSWORD } from '../factories/index.ts';
import { pgliteTemplateBlob, type DatabaseTemplates } from './db-templates.ts';
import { openScratchPostgres } from './scratch-postgres.ts';
import { reusedPglite } from './reused-pglite.ts';
import { captureLogLine, recordConfigSecrets, recordMailSecrets, recordSecret, watchSecrets } from './log-capture.ts';

export type TestApp = FastifyInstance & { ctx: ShopContext };

/** Which databases the integration suites run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASES: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** The run's migrated templates (global-setup/databases.ts); none when the tests run without that setup. */
function databaseTemplates(): DatabaseTemplates {
  try {
    return inject('dbTemplates') ?? {};
  } catch {
    return {};
  }
}

/**
 * A fresh, migrated database: PGlite in memory, or a new PostgreSQL database made for this test file (`url` is its
 * address). Each is a copy of the run's migrated template (decision 043), or migrated from empty without one; an
 * in-memory PGlite a closed app emptied may be handed out again (reused-pglite.ts).
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database & { url?: string }> {
  const templates = databaseTemplates();
  if (kind === 'pglite')
    return reusedPglite(() =>
      openDatabase(templates.pgliteDump ? { pgliteDump: pgliteTemplateBlob(templates.pgliteDump) } : {}),
    );
  return openScratchPostgres(process.env.TEST_DATABASE_URL!, 'shop_test', templates.postgresTemplate);
}

export interface TestAppOptions {
  db?: 'pglite' | 'postgres';
  env?: Record<string, string>;
  /** Captured log lines (JSON), for checks that no secret is logged. */
  logLines?: string[];
  /** Every event the app publishes (order paid, status changed…), in order. */
  published?: ShopEvent[];
  /** Live events through PostgreSQL LISTEN/NOTIFY instead of in-process (needs db 'postgres'). */
  events?: 'memory' | 'postgres';
  /** A second server copy on the same PostgreSQL database as this app (its own pool and listener, like another process). */
  shareDatabaseWith?: TestApp & { databaseUrl?: string };
  /**
   * Mail goes to the SMTP server on this port of 127.0.0.1 (SMTP_URL, and the queued SMTP mailer the configuration
   * picks for it) instead of the test outbox.
   */
  smtpPort?: number;
  /** A database opened (and migrated) by the test itself, e.g. a release's upgraded; closed with the app. */
  database?: Database & { url?: string };
  /** Describe the routes as an OpenAPI document (`app.swagger()`), as `npm run docs:api` does. */
  describeApi?: boolean;
}

/** Which test file is running (for the log capture's report). */
function currentTestFile(): string {
  const p = expect.getState().testPath ?? 'unknown test file';
  return p.replace(/^.*?server\/test\//, 'server/test/');
}

/**
 * Builds the whole app in-process on a fresh database and a temporary DATA_DIR. Its log (level info) goes to the
 * file's log capture, which `log-leak-check.ts` searches for the secrets the tests used.
 */
export async function createTestApp(
  opts: TestAppOptions = {},
): Promise<TestApp & { dataDir: string; config: Config; databaseUrl?: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const kind = opts.shareDatabaseWith ? 'postgres' : (opts.db ?? 'pglite');
  let database: Database & { url?: string };
  let closeDatabase: () => Promise<void>;
  if (opts.database) {
    database = opts.database;
    closeDatabase = () => database.close();
  } else if (opts.shareDatabaseWith) {
    const url = opts.shareDatabaseWith.databaseUrl;
    if (!url) throw new Error('shareDatabaseWith needs an app on PostgreSQL');
    database = { ...(await openDatabase({ url })), url };
    closeDatabase = () => database.close();
  } else {
    database = await openTestDatabase(kind);
    closeDatabase = () => database.close();
  }
  if (opts.events === 'postgres' && !database.url) throw new Error("events 'postgres' needs db 'postgres'");
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    // Not localhost: the sandbox is chosen on purpose (the config refuses to guess it for a public address).
    PAYMENTS_PROVIDER: 'sandbox',
    LOG_LEVEL: 'info',
    RECONCILE_INTERVAL_SECONDS: '0',
    // Suites about other things send many requests and uploads from one account in a moment: rate limits ×1000 and
    // roomy quotas. server/test/quotas sets the shop's defaults back and tests the real figures.
    RATE_LIMIT_SCALE: '1000',
    UPLOAD_QUOTA_FILES: '1000',
    UPLOAD_QUOTA_MB: '10000',
    OPEN_DRAFTS_MAX: '1000',
    CLEANUP_INTERVAL_MINUTES: '0',
    ...(opts.events === 'postgres' ? { DATABASE_URL: database.url, EVENTS: 'postgres' } : {}),
    ...(opts.smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}` } : {}),
    ...opts.env,
  });
  recordConfigSecrets(config as unknown as Record<string, unknown>);
  recordSecret('password', STRONG_PASSWORD);
  const source = currentTestFile();
  const outbox = new OutboxMailer(
    path.join(dataDir, 'outbox'),
    config.MAIL_FROM,
    undefined,
    invoiceAttachments(database.db, config),
    config.mailReplyTo,
  );
  const mailer = {
    kind: outbox.kind,
    send: async (message: Parameters<OutboxMailer['send']>[0]) => {
      recordMailSecrets(`${message.text}\n${message.html ?? ''}`);
      return outbox.send(message);
    },
  };
  const app = await buildApp({
    config,
    database,
    serveWeb: false,
    describeApi: opts.describeApi,
    ...(opts.smtpPort ? {} : { mailer }),
    logStream: {
      write: (line: string) => {
        captureLogLine(source, line);
        opts.logLines?.push(line);
      },
    },
  });
  // Tokens made directly by the factories are secrets too.
  const create = app.ctx.sessions.create.bind(app.ctx.sessions);
  app.ctx.sessions.create = async (...args) => {
    const made = await create(...args);
    recordSecret('session token', made.token);
    return made;
  };
  if (opts.published) app.ctx.events.subscribe((e) => opts.published!.push(e));
  watchSecrets(app);
  app.addHook('onClose', async () => {
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return Object.assign(app, { dataDir, config, databaseUrl: database.url });
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
