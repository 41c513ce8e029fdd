import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client.ts';

/**
 * Migrated databases made once per test run and copied for every test app (decision 043), instead of each app
 * creating an empty database and running every migration again (23 of them; on PGlite a new database is also an
 * initdb): PGlite starts from a dump of a migrated in-memory database (`loadDataDir`), PostgreSQL databases are
 * `CREATE DATABASE … TEMPLATE` of a migrated template. Made by the global setup (server/test/global-setup.ts) and
 * handed to the test files with vitest's provide/inject; without them (a test run some other way) the helpers
 * migrate each database as before.
 */
export interface DatabaseTemplates {
  /** A PGlite data folder dump (tar) of a migrated database. */
  pgliteDump?: string;
  /** Name of a migrated PostgreSQL template database next to TEST_DATABASE_URL's. */
  postgresTemplate?: string;
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');
const TEMPLATE_PREFIX = 'shop_tpl_';
/** Templates of runs that were killed before their teardown are dropped by a later run after this long. */
const STALE_TEMPLATE_MS = 6 * 3600_000;

/** The installed PGlite's version: its package.json, found above its entry point. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What a template depends on: every migration file (and the journal), and the PGlite version. */
export function migrationsKey(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(`${path.relative(MIGRATIONS, file)}\0`).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS);
  return hash.update(pgliteVersion()).digest('hex').slice(0, 16);
}

/**
 * The PGlite template: kept in the system's temporary folder under the migrations' key, so a later run (or one test
 * file run alone) reuses it until a migration changes. Written to a temporary name and renamed: two runs at once
 * never read a half-written file.
 */
export async function preparePgliteTemplate(key = migrationsKey()): Promise<string> {
  const file = path.join(os.tmpdir(), `shop-test-pglite-${key}.tar`);
  if (fs.existsSync(file)) {
    // Marked as in use: the clean-up below (another checkout's run) leaves recently used dumps alone.
    const now = new Date();
    fs.utimesSync(file, now, now);
    return file;
  }
  const database = await openDatabase({});
  try {
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  // Dumps of older migration sets are of no further use once no run has used them for a while (another checkout of
  // the shop on this machine, with other migrations, may be running its tests from one right now).
  for (const name of fs.readdirSync(os.tmpdir())) {
    const other = path.join(os.tmpdir(), name);
    if (!/^shop-test-pglite-[0-9a-f]{16}\.tar$/.test(name) || other === file) continue;
    const unusedMs = Date.now() - (fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (unusedMs > STALE_TEMPLATE_MS) fs.rmSync(other, { force: true });
  }
  return file;
}

let pgliteDump: { file: string; blob: Blob } | null = null;

/** The template dump as PGlite takes it, read once per test file's process. */
export function pgliteTemplateBlob(file: string): Blob {
  if (pgliteDump?.file !== file) pgliteDump = { file, blob: new Blob([fs.readFileSync(file)]) };
  return pgliteDump.blob;
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated PostgreSQL template for this run, named with its migrations' key and the time it was made (several
 * runs may share the server: each has its own). It refuses connections once made, since `CREATE DATABASE … TEMPLATE`
 * fails while anyone is connected to the template.
 */
export async function preparePostgresTemplate(base: string, key = migrationsKey()): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${key}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  await withAdmin(base, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const made = parseInt(datname.split('_').at(-2) ?? '', 36);
      if (Number.isFinite(made) && Date.now() - made > STALE_TEMPLATE_MS) await dropTemplate(admin, datname);
    }
    await admin.query(`CREATE DATABASE ${name}`);
  });
  // A machine busy with other work can miss the pool's 5 s connection timeout once: the whole run hangs on this, so
  // it tries again (the migrations run in one transaction each; a retry continues where the first stopped).
  for (let attempt = 1; ; attempt++) {
    try {
      const database = await openDatabase({ url: databaseUrl(base, name) });
      await database.close();
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
  await withAdmin(base, (admin) => admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
  return name;
}

async function dropTemplate(admin: pg.Client, name: string) {
  await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
}

export async function dropPostgresTemplate(base: string, name: string): Promise<void> {
  await withAdmin(base, (admin) => dropTemplate(admin, name));
}
