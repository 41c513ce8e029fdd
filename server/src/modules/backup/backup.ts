import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../storage/index.ts';
import { dumpPglite, dumpPostgres, EXCLUDED_TABLE_DATA, type DumpInfo } from './database-dump.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  describeLastMigration,
  DUMP_NAME,
  FILES_PREFIX,
  headlineCounts,
  MANIFEST_NAME,
  README_NAME,
  type Manifest,
} from './manifest.ts';
import { TarWriter } from './tar.ts';

export interface BackupSource {
  database: Database;
  /** PostgreSQL's URL (pg_dump connects on its own); unused for PGlite. */
  databaseUrl?: string;
  storage: Storage;
  /** The shop's version whose data this is. */
  appVersion: string;
  shopName?: string;
  /** Stops the backup between two files (the server is shutting down). */
  signal?: AbortSignal;
}

export interface BackupResult {
  manifest: Manifest;
  /** Bytes of the archive. */
  size: number;
}

/** The PGlite client under a Drizzle database (drizzle keeps it as `$client`). */
export function pgliteOf(database: Database): PGlite {
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  if (!client) throw new Error('no PGlite client under this database');
  return client;
}

function readme(source: BackupSource, createdAt: Date): string {
  return [
    `Backup of ${source.shopName ?? 'the print shop'}, made ${createdAt.toISOString()} by version ${source.appVersion}.`,
    '',
    'Restore it into an empty data folder, or an empty PostgreSQL database and bucket, with:',
    '    npm run restore -- /path/to/this-file.tar',
    "(in the shop's folder, with the settings of the shop it should become: DATA_DIR, or DATABASE_URL and S3_*).",
    '',
    `${MANIFEST_NAME} lists what is inside with a SHA-256 for every part; ${DUMP_NAME} is a plain SQL dump (gzip).`,
    "It holds no settings or passwords of the shop; customers' password hashes are in it, so keep it private.",
    '',
  ].join('\n');
}

/**
 * Writes one archive: a README, the database dump, every stored object (under files/), and the manifest last with
 * the SHA-256 of every part. The database is dumped first; a file deleted by the shop between the dump and its copy
 * is listed as missing (its row is in the dump), a file added after the dump is kept as an object without a row.
 */
export async function writeBackupArchive(source: BackupSource, archivePath: string): Promise<BackupResult> {
  const createdAt = new Date();
  const workDir = await fsp.mkdtemp(path.join(path.dirname(archivePath), '.backup-work-'));
  const dumpFile = path.join(workDir, DUMP_NAME);
  let tar: TarWriter | null = null;
  try {
    let info: DumpInfo;
    if (source.database.kind === 'pglite') info = await dumpPglite(pgliteOf(source.database), dumpFile);
    else {
      if (!source.database.pool || !source.databaseUrl)
        throw new Error('PostgreSQL backup needs the pool and DATABASE_URL');
      info = await dumpPostgres(source.database.pool, source.databaseUrl, dumpFile);
    }
    const referenced = await source.database.db.execute<{ storage_key: string; source_key: string | null }>(
      sql`select storage_key, source_key from files`,
    );
    const referencedKeys = new Set<string>();
    for (const r of (referenced as unknown as { rows: Array<{ storage_key: string; source_key: string | null }> })
      .rows) {
      referencedKeys.add(r.storage_key);
      if (r.source_key) referencedKeys.add(r.source_key);
    }

    tar = await TarWriter.create(archivePath);
    await tar.addBuffer(README_NAME, Buffer.from(readme(source, createdAt)), createdAt);

    const dumpSize = (await fsp.stat(dumpFile)).size;
    const dumpHash = crypto.createHash('sha256');
    await tar.addStream(DUMP_NAME, dumpSize, fs.createReadStream(dumpFile), (c) => dumpHash.update(c), createdAt);

    const objects = await source.storage.list('', Number.MAX_SAFE_INTEGER);
    const files: Manifest['files'] = [];
    let bytes = 0;
    for (const object of objects) {
      if (source.signal?.aborted) throw new Error('the backup was stopped (the server is shutting down)');
      const got = await source.storage.get(object.key);
      if (!got) continue; // deleted since the listing: not part of this backup
      const hash = crypto.createHash('sha256');
      await tar.addStream(FILES_PREFIX + object.key, got.size, got.stream, (c) => hash.update(c), object.lastModified);
      files.push({ key: object.key, size: got.size, sha256: hash.digest('hex') });
      bytes += got.size;
    }
    const stored = new Set(files.map((f) => f.key));

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      app: { version: source.appVersion },
      database: {
        kind: source.database.kind,
        serverVersion: info.serverVersion,
        tool: info.tool,
        entry: DUMP_NAME,
        size: dumpSize,
        sha256: dumpHash.digest('hex'),
        lastMigration: describeLastMigration(info.migrations),
        migrationCount: info.migrations.length,
        excludedTableData: [...EXCLUDED_TABLE_DATA],
        rowCounts: info.rowCounts,
      },
      counts: headlineCounts(info.rowCounts),
      storage: {
        kind: source.storage.kind,
        objects: files.length,
        bytes,
        missing: [...referencedKeys].filter((k) => !stored.has(k)).sort(),
      },
      files,
    };
    await tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), createdAt);
    await tar.finish();
    tar = null;
    return { manifest, size: (await fsp.stat(archivePath)).size };
  } catch (err) {
    await tar?.abort();
    await fsp.rm(archivePath, { force: true });
    throw err;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
