import fs from 'node:fs';
import path from 'node:path';
import { PGLITE_CONF, type Database, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

/**
 * Opens the shop's database as it is, without applying migrations (a backup must describe the data as it was; the
 * restore applies them on purpose). PGlite's folder must already hold a database.
 */
export async function openDatabaseAsIs(opts: { url?: string; pgliteDir?: string }): Promise<Database> {
  if (opts.url) {
    const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 4, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (!opts.pgliteDir || !fs.existsSync(path.join(opts.pgliteDir, 'PG_VERSION'))) {
    throw new Error(`there is no shop database in ${opts.pgliteDir ?? '(no folder)'}`);
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = new PGlite({ dataDir: opts.pgliteDir, postgresqlconf: PGLITE_CONF, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
