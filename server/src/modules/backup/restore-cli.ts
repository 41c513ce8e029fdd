import path from 'node:path';
import { loadConfigOrExit, lockDataDirOrExit } from '../../config/cli.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { createStorage } from '../storage/index.ts';
import { RestoreRefused, restoreArchive } from './restore.ts';
import { formatBytes } from './run-backup.ts';
import { shopWallClock } from '@shop/shared/common/shop-clock';

/**
 * npm run restore -- ARCHIVE : the shop of a backup archive, into the configured target, which must be empty:
 * DATA_DIR (PGlite in DATA_DIR/db, files in DATA_DIR/files), or DATABASE_URL and S3_* (moving to PostgreSQL and S3
 * is this same command with those set; docs/decisions/041-moving-to-postgresql.md).
 */
const archive = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!archive || process.argv.includes('--help')) {
  console.log(
    'Usage: npm run restore -- ARCHIVE\n' +
      'Restores a backup archive into an empty shop: DATA_DIR, or an empty PostgreSQL database (DATABASE_URL) and bucket (S3_*).',
  );
  process.exit(archive ? 0 : 2);
}

const config = loadConfigOrExit();
const unlock =
  !config.DATABASE_URL || config.storage === 'local'
    ? lockDataDirOrExit(
        config.dataDir,
        `A shop is running on ${config.dataDir}: stop it first (a restore goes into an empty shop).`,
      )
    : () => {};

const where = [
  config.DATABASE_URL
    ? `PostgreSQL (${new URL(config.DATABASE_URL).host}${new URL(config.DATABASE_URL).pathname})`
    : `PGlite in ${path.join(config.dataDir, 'db')}`,
  config.storage === 's3' ? `S3 bucket ${config.S3_BUCKET}` : path.join(config.dataDir, 'files'),
].join(' and ');

let exitCode = 0;
try {
  const storage = await createStorage(config);
  console.log(`Restoring ${path.resolve(archive)} into ${where} (version ${APP_VERSION})`);
  const report = await restoreArchive(
    path.resolve(archive),
    {
      database: config.DATABASE_URL ? { url: config.DATABASE_URL } : { pgliteDir: path.join(config.dataDir, 'db') },
      storage,
    },
    (line) => console.log(`  ${line}`),
  );
  const m = report.manifest;
  const ist = shopWallClock(new Date(m.createdAt)).toISOString().replace('T', ' ').slice(0, 16);
  console.log(
    [
      `Restored the shop as it was on ${ist} IST (version ${m.app.version}):`,
      `  ${m.counts.orders} orders, ${m.counts.invoices} invoices and credit notes, ${m.database.rowCounts.users ?? 0} accounts, ${m.database.rowCounts.staff ?? 0} staff`,
      `  ${report.filesRestored} stored files (${formatBytes(report.bytesRestored)}), every one matching its checksum`,
      ...(m.storage.missing.length
        ? [
            `  ${m.storage.missing.length} file(s) were already missing when the backup was made: ${m.storage.missing.slice(0, 5).join(', ')}`,
          ]
        : []),
      report.migrationsApplied.length
        ? `  brought up to version ${APP_VERSION}: ${report.migrationsApplied.join(', ')}`
        : `  the database is at this version's latest migration`,
      '  Everyone signs in again (sessions are not restored). Invoice and credit-note numbers continue from the archive.',
      `  Start the shop with the same settings: npm start${config.DATABASE_URL ? ' (each server copy with DATABASE_URL and S3_* set)' : ''}.`,
    ].join('\n'),
  );
} catch (err) {
  if (err instanceof RestoreRefused) console.error(`Refused: ${err.message}`);
  else
    console.error(
      `The restore failed, and what it had written was removed: ${err instanceof Error ? err.message : String(err)}`,
    );
  exitCode = 1;
} finally {
  unlock();
}
process.exit(exitCode);
