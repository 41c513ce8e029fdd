import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';
import { isBundled } from '../lib/runtime.ts';

export type Schema = typeof schema;
/** The same type for PGlite and node-postgres: code never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres pool, when on PostgreSQL (LISTEN/NOTIFY uses its own client). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');
/**
 * PGlite's settings wherever the shop opens its database (decisions 005, 050). PGlite zeroes PostgreSQL's shared
 * memory when it opens, so every megabyte of it is resident for as long as the shop runs: 8 MB of buffers (a list
 * over 10,000 orders is no slower than with 16 MB; 4 MB is) and room for 10 connections' locks and state (PGlite
 * serves one; the default of 100 sizes the lock table and per-connection state for a hundred).
 */
export const PGLITE_CONF = 'shared_buffers=8MB\nmax_connections=10\nwork_mem=4MB\nmaintenance_work_mem=16MB';

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string;
  /** PGlite data folder; undefined means in memory. */
  pgliteDir?: string;
  /**
   * An in-memory PGlite started from this copy of a data folder (PGlite's `dumpDataDir`) instead of a new one: the
   * tests start each database from one migrated template (server/test/helpers/db-templates.ts).
   */
  pgliteDump?: Blob;
}

/**
 * Opens PostgreSQL (with `url`) or PGlite. Each driver is loaded only when chosen: a shop on PGlite never loads
 * node-postgres, one on PostgreSQL never loads PGlite's 9 MB of WASM.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (opts.pgliteDir) {
    fs.mkdirSync(opts.pgliteDir, { recursive: true });
    if (!fs.existsSync(path.join(opts.pgliteDir, 'PG_VERSION'))) {
      const init = isBundled
        ? [path.join(here, 'pglite-init.js')]
        : ['--import', 'tsx', path.join(here, 'pglite-init.ts')];
      execFileSync(process.execPath, [...init, opts.pgliteDir], { stdio: 'inherit' });
    }
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // Small buffers: the shop runs on small machines (PGlite's defaults cost ~300 MB of RSS; PGLITE_CONF's ~145 MB).
  const client = new PGlite({
    dataDir: opts.pgliteDir,
    loadDataDir: opts.pgliteDump,
    postgresqlconf: PGLITE_CONF,
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

export { schema };
