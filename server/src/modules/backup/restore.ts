import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, PGLITE_CONF } from '../../db/client.ts';
import { isBundled } from '../../lib/runtime.ts';
import { isSafeKey, type Storage } from '../storage/index.ts';
import { countRows, appliedMigrations, EXCLUDED_TABLE_DATA, loadableSql, readDumpText } from './database-dump.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  DUMP_NAME,
  FILES_PREFIX,
  knownMigrations,
  MANIFEST_NAME,
  manifestSchema,
  README_NAME,
  type Manifest,
} from './manifest.ts';
import { ArchiveFormatError, readTar } from './tar.ts';

/** A refusal: the archive is wrong or the target is not empty. Nothing was changed. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  /** PostgreSQL (`url`) or PGlite (`pgliteDir`). */
  database: { url?: string; pgliteDir?: string };
  storage: Storage;
}

export interface CheckedArchive {
  manifest: Manifest;
}

/**
 * Reads the whole archive once and checks that it is exactly what its manifest says: every part present with its
 * size and SHA-256, nothing more, made by a version whose database this code knows how to bring up to date.
 */
export async function checkArchive(file: string): Promise<CheckedArchive> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  try {
    await readTar(file, async (entry, data) => {
      if (seen.has(entry.name) || (entry.name === MANIFEST_NAME && manifestBytes))
        throw new RestoreRefused(`the archive holds ${entry.name} twice: it was not made by the shop's backup`);
      const hash = crypto.createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of data) {
        const chunk = c as Buffer;
        size += chunk.length;
        if (entry.name === MANIFEST_NAME) chunks.push(chunk);
        else hash.update(chunk);
      }
      if (entry.name === MANIFEST_NAME) manifestBytes = Buffer.concat(chunks);
      else seen.set(entry.name, { size, sha256: hash.digest('hex') });
    });
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    if (err instanceof ArchiveFormatError)
      throw new RestoreRefused(`${path.basename(file)} is not a shop backup archive, or it is damaged: ${err.message}`);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefused(`there is no file ${file}`);
    throw err;
  }
  if (!manifestBytes)
    throw new RestoreRefused(
      `${path.basename(file)} has no ${MANIFEST_NAME}: it is not a shop backup archive, or it was cut short`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse((manifestBytes as Buffer).toString('utf8'));
  } catch {
    throw new RestoreRefused(`the archive's ${MANIFEST_NAME} is damaged (not JSON)`);
  }
  const head = raw as { format?: unknown; formatVersion?: unknown; app?: { version?: unknown } };
  if (head?.format !== ARCHIVE_FORMAT)
    throw new RestoreRefused(`${path.basename(file)} is not a shop backup archive (its manifest names no shop backup)`);
  if (typeof head.formatVersion === 'number' && head.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new RestoreRefused(
      `this archive was made by a newer version of the shop (${String(head.app?.version)}): restore it with that version or a later one`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new RestoreRefused(
      `the archive's ${MANIFEST_NAME} is damaged: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
    );
  const manifest = parsed.data;

  const last = manifest.database.lastMigration;
  if (!last) throw new RestoreRefused('the archive holds no shop database (no migration was ever applied to it)');
  if (!knownMigrations().some((m) => m.when === last.when)) {
    throw new RestoreRefused(
      `this archive comes from version ${manifest.app.version}, whose database is newer than this version knows (migration ${last.tag ?? last.when}): restore it with version ${manifest.app.version} or a later one`,
    );
  }

  // Exactly the parts the manifest lists, each its size and checksum.
  const expected = new Map<string, { size: number; sha256: string }>([
    [DUMP_NAME, { size: manifest.database.size, sha256: manifest.database.sha256 }],
  ]);
  for (const f of manifest.files) {
    if (!isSafeKey(f.key))
      throw new RestoreRefused(`the manifest names a file with an unsafe name (${JSON.stringify(f.key).slice(0, 80)})`);
    expected.set(FILES_PREFIX + f.key, { size: f.size, sha256: f.sha256 });
  }
  for (const name of seen.keys()) {
    if (name !== README_NAME && !expected.has(name))
      throw new RestoreRefused(
        `the archive holds ${name}, which its manifest does not list: it was changed after the backup`,
      );
  }
  const bad: string[] = [];
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) bad.push(`${name} is missing`);
    else if (got.size !== want.size) bad.push(`${name} has ${got.size} bytes instead of ${want.size}`);
    else if (got.sha256 !== want.sha256) bad.push(`${name} does not match its checksum`);
  }
  if (bad.length)
    throw new RestoreRefused(
      `the archive is damaged or was changed after the backup: ${bad.slice(0, 5).join('; ')}${bad.length > 5 ? ` (and ${bad.length - 5} more)` : ''}`,
    );
  return { manifest };
}

/** Refuses a target that holds anything: a database with tables, a data folder with a database, storage with files. */
export async function checkTargetEmpty(target: RestoreTarget): Promise<void> {
  const found: string[] = [];
  if (target.database.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.database.url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
      );
      const drizzle = await client.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
      if (Number(rows[0]!.n) > 0 || drizzle.rowCount)
        found.push(`the PostgreSQL database already holds ${rows[0]!.n} tables or sequences`);
    } finally {
      await client.end();
    }
  } else if (target.database.pgliteDir && fs.existsSync(path.join(target.database.pgliteDir, 'PG_VERSION'))) {
    found.push(`${target.database.pgliteDir} already holds a database`);
  }
  const objects = await target.storage.list('', 1000); // one page (s3rver fails a truncated listing)
  if (objects.length)
    found.push(
      `${target.storage.kind === 's3' ? 'the S3 bucket' : 'the files folder'} already holds files (${objects[0]!.key}, …)`,
    );
  if (found.length)
    throw new RestoreRefused(
      `the target is not empty: ${found.join('; ')}. Restore into an empty data folder, or an empty database and bucket; nothing was changed`,
    );
}

export interface RestoreReport {
  manifest: Manifest;
  database: 'pglite' | 'postgres';
  filesRestored: number;
  bytesRestored: number;
  /** Migrations this version applied on top of the archive's. */
  migrationsApplied: string[];
}

const TABLES = `select table_name as t from information_schema.tables where table_schema = 'public'`;
const here = path.dirname(fileURLToPath(import.meta.url));

/** A new, empty PGlite folder (initdb in a child process, as the shop's first start does). */
function initPglite(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const script = isBundled
    ? [path.join(here, 'pglite-init.js')]
    : ['--import', 'tsx', path.join(here, '../../db/pglite-init.ts')];
  execFileSync(process.execPath, [...script, dir], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Loads the dump into the empty target in one transaction, empties the sign-in tables, and checks the row counts. */
async function loadDatabase(target: RestoreTarget, dumpFile: string, manifest: Manifest): Promise<void> {
  const text = await readDumpText(dumpFile);
  const expected = manifest.database.rowCounts;
  const compare = (got: Record<string, number>) => {
    const wrong = Object.entries(expected).filter(([t, n]) => got[t] !== n);
    if (wrong.length)
      throw new Error(
        `the restored database does not hold what the archive lists: ${wrong.map(([t, n]) => `${t} ${got[t] ?? 'missing'} rows instead of ${n}`).join(', ')}`,
      );
  };
  if (target.database.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.database.url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      const major = Math.floor(
        Number((await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v) /
          10000,
      );
      await client.query('begin');
      await client.query(loadableSql(text, major));
      // Sessions and the like start afresh (an older archive may not have every one of these tables).
      const existing = new Set((await client.query<{ t: string }>(TABLES)).rows.map((r) => r.t));
      for (const t of EXCLUDED_TABLE_DATA) if (existing.has(t)) await client.query(`delete from public.${t}`);
      compare(await countRows(async (sql) => (await client.query<Record<string, string | null>>(sql)).rows));
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      await client.end();
    }
    return;
  }
  const dir = target.database.pgliteDir!;
  initPglite(dir);
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const client = new PGlite({ dataDir: dir, postgresqlconf: PGLITE_CONF, extensions: { pg_trgm } });
  await client.waitReady;
  try {
    await client.transaction(async (tx) => {
      await tx.exec(loadableSql(text, 18));
      const existing = new Set((await tx.query<{ t: string }>(TABLES)).rows.map((r) => r.t));
      for (const t of EXCLUDED_TABLE_DATA) if (existing.has(t)) await tx.exec(`delete from public.${t}`);
      compare(await countRows(async (sql) => (await tx.query<Record<string, string | null>>(sql)).rows));
    });
  } finally {
    await client.close();
  }
}

/**
 * Restores a checked archive into an empty target: the files first (each checked again as it is written), then the
 * database in one transaction, then this version's migrations. A failure before the migrations removes what was
 * written, so the target is empty again.
 */
export async function restoreArchive(
  file: string,
  target: RestoreTarget,
  log: (line: string) => void = () => {},
): Promise<RestoreReport> {
  const { manifest } = await checkArchive(file);
  await checkTargetEmpty(target);
  log(`archive checked: ${manifest.files.length} files and the database match their checksums`);

  const wanted = new Map(manifest.files.map((f) => [FILES_PREFIX + f.key, f]));
  const written: string[] = [];
  let bytes = 0;
  const workDir = await fsp.mkdtemp(path.join(path.dirname(path.resolve(file)), '.restore-work-'));
  const dumpFile = path.join(workDir, DUMP_NAME);
  try {
    // Second reading: each file into storage (checked again as it goes), the dump beside the archive.
    await readTar(file, async (entry, data) => {
      if (entry.name === DUMP_NAME) {
        await pipeline(data, fs.createWriteStream(dumpFile, { mode: 0o600 }));
        return;
      }
      const f = wanted.get(entry.name);
      if (!f) return;
      const hash = crypto.createHash('sha256');
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      written.push(f.key);
      await target.storage.put(f.key, data.pipe(check), 'application/octet-stream');
      if (hash.digest('hex') !== f.sha256) throw new Error(`${f.key} changed while it was being restored`);
      bytes += f.size;
    });
    if (written.length !== manifest.files.length || !fs.existsSync(dumpFile))
      throw new Error('the archive changed while it was being restored');
    log(`files restored: ${written.length} (${bytes} bytes)`);
    await loadDatabase(target, dumpFile, manifest);
    log('database restored');
  } catch (err) {
    for (const key of written) await target.storage.delete(key).catch(() => {});
    if (!target.database.url && target.database.pgliteDir)
      await fsp.rm(target.database.pgliteDir, { recursive: true, force: true });
    throw err;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }

  // This version's migrations, on top of the archive's (the shop's start would apply them too).
  const before = new Set([manifest.database.lastMigration!.when]);
  const database = await openDatabase({
    url: target.database.url,
    pgliteDir: target.database.url ? undefined : target.database.pgliteDir,
  });
  let after: number[];
  try {
    after = await appliedMigrations(
      async (q) =>
        ((await database.db.execute(sql.raw(q))) as unknown as { rows: Array<Record<string, string | null>> }).rows,
    );
  } finally {
    await database.close();
  }
  const lastBefore = Math.max(...before);
  const applied = knownMigrations()
    .filter((m) => m.when > lastBefore && after.includes(m.when))
    .map((m) => m.tag);
  return {
    manifest,
    database: target.database.url ? 'postgres' : 'pglite',
    filesRestored: written.length,
    bytesRestored: bytes,
    migrationsApplied: applied,
  };
}
