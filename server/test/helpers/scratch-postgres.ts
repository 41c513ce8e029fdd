import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';

/**
 * A new, migrated PostgreSQL database made next to `base` (a postgres:// URL) for one test file or bench run;
 * closing it drops it. `url` is its address (a second server copy can share it). With `template` (a migrated
 * template database, db-templates.ts) it is a copy of that, and its migrations are only checked.
 */
export async function openScratchPostgres(
  base: string,
  prefix = 'shop_test',
  template?: string,
): Promise<Database & { url: string }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
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
