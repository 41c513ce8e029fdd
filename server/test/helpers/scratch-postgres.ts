import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';

/**
 * A new, migrated PostgreSQL database made next to `base` (a postgres:// URL) for one test file or bench run;
 * closing it drops it. `url` is its address (a second server copy can share it).
 */
export async function openScratchPostgres(base: string, prefix = 'shop_test'): Promise<Database & { url: string }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
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
    url: url.toString(),
    close: async () => {
      await close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}
