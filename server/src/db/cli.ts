import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../config/env.ts';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.ts';
import { openDatabase, type Database } from './client.ts';

/**
 * Runs `work` on the configured database (opening it applies the migrations), as `npm run db:migrate` and
 * `npm run db:seed` do; refuses a data folder a running shop holds, like the server does.
 */
export async function withDatabase(
  what: string,
  work: (database: Database, config: Config, log: pino.Logger) => Promise<void>,
): Promise<void> {
  const log = pino({ level: 'info' });
  let config: Config;
  let unlock = () => {};
  try {
    config = loadConfig();
    if (!config.DATABASE_URL) unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'db') });
    try {
      await work(database, config, log);
      log.info({ database: database.kind }, what);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}
