import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit, lockDataDirOrExit } from '../../config/cli.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { createStorage } from '../storage/index.ts';
import { destinationFor, FolderDestination } from './destination.ts';
import { openDatabaseAsIs } from './open-database.ts';
import { formatBytes, runBackup } from './run-backup.ts';

/**
 * npm run backup [-- --to FOLDER] : one archive of the configured shop (database, every stored file, manifest) into
 * the backup destination (BACKUP_DIR, default DATA_DIR/backups, or BACKUP_S3_BUCKET), or into FOLDER.
 * On PGlite the shop must be stopped (PGlite serves one process); a running shop backs itself up from the admin's
 * dashboard ("Back up now") and every night.
 */
const { values } = parseArgs({
  options: { to: { type: 'string' }, 'app-version': { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(
    'Usage: npm run backup [-- --to FOLDER]\nWrites one archive of the shop configured by the environment (DATA_DIR, or DATABASE_URL and S3_*).',
  );
  process.exit(0);
}

const config = loadConfigOrExit();
const unlock = config.DATABASE_URL
  ? () => {}
  : lockDataDirOrExit(
      config.dataDir,
      `The shop is running on ${config.dataDir}: its embedded database serves one program at a time.\n` +
        'Back it up from the admin dashboard ("Back up now"), or stop the shop and run npm run backup again.',
    );

let exitCode = 0;
try {
  const database = await openDatabaseAsIs({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    const storage = await createStorage(config);
    const destination = values.to ? new FolderDestination(path.resolve(values.to)) : destinationFor(config);
    if (values.to) fs.mkdirSync(path.resolve(values.to), { recursive: true });
    const run = await runBackup(
      // --app-version: only for remaking an older release's fixture (scripts/make-release-fixture.ts).
      {
        database,
        databaseUrl: config.DATABASE_URL,
        storage,
        appVersion: values['app-version'] ?? APP_VERSION,
        shopName: config.SHOP_NAME,
      },
      destination,
      { keep: values.to ? undefined : config.BACKUP_KEEP },
    );
    const m = run.manifest;
    console.log(
      [
        `Backup written: ${run.location} (${formatBytes(run.size)}, ${(run.durationMs / 1000).toFixed(1)} s)`,
        `  version ${m.app.version}, database ${m.database.kind} at migration ${m.database.lastMigration?.tag ?? 'none'}`,
        `  ${m.counts.orders} orders, ${m.counts.invoices} invoices and credit notes, ${m.counts.files} file records; ${m.storage.objects} stored files (${formatBytes(m.storage.bytes)})`,
        ...(m.storage.missing.length
          ? [
              `  ${m.storage.missing.length} file(s) the database names were not in storage: ${m.storage.missing.slice(0, 5).join(', ')}`,
            ]
          : []),
        ...(run.pruned.length
          ? [`  removed ${run.pruned.length} older archive(s) (keeping ${config.BACKUP_KEEP})`]
          : []),
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(`The backup failed: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  unlock();
}
process.exit(exitCode);
