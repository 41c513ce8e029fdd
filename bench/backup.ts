import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config/env.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { seedDatabase } from '../server/src/seed.ts';
import { writeBackupArchive } from '../server/src/modules/backup/backup.ts';
import { openDatabaseAsIs } from '../server/src/modules/backup/open-database.ts';
import { LocalStorage } from '../server/src/modules/storage/local-storage.ts';
import { insertBulkOrders } from '../server/test/factories/bulk-orders.ts';
import { rowsTable, runAlone, type Row } from './support.ts';

/**
 * Bench row (decision 040): `npm run backup`'s work for a shop of 10,000 orders and 2 GB of files on PGlite and a
 * local folder: the time to write the archive and its size. The files are random bytes (customers' PDFs and photos
 * are compressed already; gzip would not shrink them either). Run alone: `node --import tsx bench/backup.ts`.
 */

export async function benchBackup(opts: { orders?: number; bytes?: number } = {}): Promise<Row[]> {
  const orders = opts.orders ?? 10_000;
  const total = opts.bytes ?? 2 * 1024 ** 3;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const created = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    await seedDatabase({ db: created.db, config, log: { info() {}, warn() {}, error() {} } as never });
    await insertBulkOrders(created.db, orders);
    await created.close();
    // 2 GB as 8,192 files of 256 KB (a shop's uploads, print copies and previews), in folders per customer.
    const files = path.join(dir, 'files');
    const size = 256 * 1024;
    const count = Math.ceil(total / size);
    const block = crypto.randomBytes(size);
    for (let i = 0; i < count; i++) {
      const folder = path.join(files, 'orders', String(i % 200));
      fs.mkdirSync(folder, { recursive: true });
      block.writeUInt32LE(i, 0); // every file different
      fs.writeFileSync(path.join(folder, `${i}.pdf`), block);
    }
    const database = await openDatabaseAsIs({ pgliteDir: path.join(dir, 'db') });
    const archive = path.join(dir, 'shop.tar');
    const started = process.hrtime.bigint();
    const { manifest, size: archiveSize } = await writeBackupArchive(
      { database, storage: new LocalStorage(files), appVersion: 'bench' },
      archive,
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await database.close();
    const gb = (n: number) => `${(n / 1024 ** 3).toFixed(2)} GB`;
    const mbps = total / 1024 ** 2 / seconds;
    return [
      {
        measure: `Backup (\`npm run backup\`): ${manifest.counts.orders.toLocaleString('en-IN')} orders and ${gb(manifest.storage.bytes)} in ${manifest.storage.objects.toLocaleString('en-IN')} files, PGlite + folder`,
        result: `${seconds.toFixed(1)} s (${mbps.toFixed(0)} MB/s), archive ${gb(archiveSize)} (database dump ${(manifest.database.size / 1024 ** 2).toFixed(1)} MB gzip)`,
        target: '≤ 600 s; archive ≤ files + 5 %',
        pass: seconds <= 600 && archiveSize <= manifest.storage.bytes * 1.05,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (runAlone(import.meta.url)) {
  const rows = await benchBackup({
    orders: Number(process.env.BENCH_ORDERS ?? 10_000),
    bytes: Number(process.env.BENCH_BACKUP_BYTES ?? 2 * 1024 ** 3),
  });
  console.log(rowsTable(rows).join('\n'));
}
