import path from 'node:path';
import pino from 'pino';
import { loadConfigOrExit, lockDataDirOrExit } from '../config/cli.ts';
import type { Config } from '../config/env.ts';
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
  const config = loadConfigOrExit();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDirOrExit(config.dataDir);
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
