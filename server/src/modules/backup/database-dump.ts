import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The database part of a backup: a plain SQL dump made by PostgreSQL's own pg_dump (Debian's `pg_dump` for
 * PostgreSQL, its WebAssembly build in `@electric-sql/pglite-tools` for PGlite), one INSERT per 500 rows so the same
 * text loads into PGlite (which has no COPY from a script) and into PostgreSQL. No owners or grants: the target's
 * user owns what it restores. Sessions, reset links and sign-in counters are left out (everyone signs in again after
 * a restore), and so are rate-limit counts and the jobs' leases.
 */
export const EXCLUDED_TABLE_DATA = [
  'sessions',
  'password_reset_tokens',
  'auth_throttle',
  'auth_devices',
  'rate_limits',
  'jobs',
] as const;

const DUMP_ARGS = [
  '--no-owner',
  '--no-privileges',
  '--rows-per-insert=500',
  ...EXCLUDED_TABLE_DATA.map((t) => `--exclude-table-data=public.${t}`),
];

export interface DumpInfo {
  /** `PostgreSQL 18.6` as the server reports it. */
  serverVersion: string;
  tool: string;
  rowCounts: Record<string, number>;
  /** Rows of drizzle.__drizzle_migrations, oldest first: the `created_at` of each applied migration. */
  migrations: number[];
}

/** The one query PostgreSQL needs to list the shop's tables with their row counts (exact: count(*) each). */
async function countRows(
  query: (sql: string) => Promise<Array<Record<string, string | null>>>,
): Promise<Record<string, number>> {
  const tables = await query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // Tables whose rows are left out of the dump are left out of the counts too: the counts describe the archive.
  const excluded = new Set<string>(EXCLUDED_TABLE_DATA);
  const names = tables.map((r) => r.table_name!).filter((n) => /^[a-z_][a-z0-9_]*$/.test(n) && !excluded.has(n));
  if (!names.length) return {};
  const rows = await query(
    names.map((n) => `select '${n}' as t, count(*)::text as n from public."${n}"`).join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [r.t!, Number(r.n)]));
}

async function appliedMigrations(
  query: (sql: string) => Promise<Array<Record<string, string | null>>>,
): Promise<number[]> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations')::text as r`);
  if (!exists[0]?.r) return [];
  const rows = await query(`select created_at::text as c from drizzle.__drizzle_migrations order by created_at`);
  return rows.map((r) => Number(r.c));
}

// ---------------------------------------------------------------------------------------------------------------
// PGlite

/** A simple-protocol query straight on PGlite's wire, outside its mutexes (the caller holds them). */
async function rawQuery(client: PGlite, sql: string): Promise<Array<Record<string, string | null>>> {
  const text = Buffer.from(sql + '\0', 'utf8');
  const msg = Buffer.alloc(5 + text.length);
  msg.write('Q', 0, 'ascii');
  msg.writeInt32BE(4 + text.length, 1);
  text.copy(msg, 5);
  const { messages } = await client.execProtocol(new Uint8Array(msg));
  let names: string[] = [];
  const rows: Array<Record<string, string | null>> = [];
  for (const m of messages as Array<{ name: string; fields?: unknown[] }>) {
    if (m.name === 'rowDescription') names = (m.fields as Array<{ name: string }>).map((f) => f.name);
    else if (m.name === 'dataRow')
      rows.push(Object.fromEntries(names.map((n, i) => [n, (m.fields as Array<string | null>)[i] ?? null])));
  }
  return rows;
}

/** pglite-tools' version (its package.json is not exported: found from its entry point). */
const pgliteToolsVersion = (() => {
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite-tools'));
    for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@electric-sql/pglite-tools') return pkg.version ?? 'unknown';
      }
    }
  } catch {
    /* not found */
  }
  return 'unknown';
})();

/**
 * Dumps a PGlite database that this process has open (the running shop's, or one opened by the CLI) into `outFile`
 * (gzip). PGlite is one session: while the dump runs no query or transaction of the shop may run on it, so the dump
 * holds PGlite's transaction lock, and its pg_dump (WebAssembly, synchronous) talks to the database directly. The row
 * counts are taken under the same lock, so they describe exactly what was dumped. The shop's requests wait meanwhile
 * (seconds for a shop of 10,000 orders: the scheduled backup runs at night).
 */
export async function dumpPglite(client: PGlite, outFile: string): Promise<DumpInfo> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  // PGlite's own transaction lock (the one `transaction()` and every query take): no other query can run meanwhile.
  const exclusive = (client as unknown as Record<string, <T>(fn: () => Promise<T>) => Promise<T>>)[
    '_runExclusiveTransaction'
  ]!.bind(client);
  const { text, info } = await exclusive(async () => {
    // pgDump asks its `pg` for the search path before and after; those go to the wire too (the lock is ours).
    const proxy = {
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
      query: async (sql: string) => ({ rows: await rawQuery(client, sql) }),
      exec: async (sql: string) => {
        await rawQuery(client, sql);
        return [];
      },
    };
    const q = (sql: string) => rawQuery(client, sql);
    const searchPath = (await q('show search_path'))[0]?.search_path ?? '"$user", public';
    let file: File;
    try {
      file = await pgDump({ pg: proxy as unknown as PGlite, args: DUMP_ARGS });
    } finally {
      // pg_dump ends by closing its connection, which ends its read-only transaction and its session settings; on
      // PGlite's one session nothing closes, so both are ended here (or the shop's next write fails).
      await q('rollback');
      await q('reset all');
      await q(`set search_path to ${searchPath}`);
    }
    const version = (await q('select version() as v'))[0]?.v ?? 'PostgreSQL';
    const info: DumpInfo = {
      serverVersion: `PGlite (${/PostgreSQL [\d.]+/.exec(version)?.[0] ?? version})`,
      tool: `@electric-sql/pglite-tools ${pgliteToolsVersion} pgDump`,
      rowCounts: await countRows(q),
      migrations: await appliedMigrations(q),
    };
    return { text: await file.text(), info };
  });
  await pipeline(
    Readable.from([Buffer.from(text, 'utf8')]),
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(outFile, { flags: 'wx', mode: 0o600 }),
  );
  return info;
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

/** The connection URL without its password, and the password apart (given to pg_dump in its environment, never on its command line). */
export function splitPassword(url: string): { url: string; password?: string } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.toString(), password };
}

export class DumpToolError extends Error {}

async function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdoutTo?: NodeJS.WritableStream,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new DumpToolError(
              `${cmd} is not installed: on Debian run "apt-get install postgresql-client" (the same major version as the PostgreSQL server, or newer)`,
            )
          : err,
      ),
    );
    if (stdoutTo) child.stdout.pipe(stdoutTo);
    else child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new DumpToolError(`${cmd} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** `pg_dump (PostgreSQL) 15.18 (Debian …)` → 15; null when not installed. */
export async function pgDumpMajor(
  pgDumpPath = process.env.PG_DUMP_PATH || 'pg_dump',
): Promise<{ major: number; text: string } | null> {
  try {
    const { stdout } = await run(pgDumpPath, ['--version'], process.env);
    const m = /(\d+)(?:\.(\d+))?/.exec(stdout);
    return m ? { major: Number(m[1]), text: stdout.trim() } : null;
  } catch {
    return null;
  }
}

/**
 * Dumps a PostgreSQL database with Debian's pg_dump into `outFile` (gzip). pg_dump reads one consistent snapshot, so
 * the shop keeps serving while it runs. It refuses a server newer than itself, which is said in words.
 */
export async function dumpPostgres(pool: pg.Pool, databaseUrl: string, outFile: string): Promise<DumpInfo> {
  const pgDump = process.env.PG_DUMP_PATH || 'pg_dump';
  const tool = await pgDumpMajor(pgDump);
  if (!tool)
    throw new DumpToolError(
      `pg_dump is not installed: on Debian run "apt-get install postgresql-client" (the same major version as the PostgreSQL server, or newer)`,
    );
  const q = async (sql: string) => (await pool.query<Record<string, string | null>>(sql)).rows;
  const serverVersion = (await q('show server_version'))[0]?.server_version ?? '';
  const serverMajor = Number(/^\d+/.exec(serverVersion)?.[0] ?? 0);
  if (serverMajor > tool.major) {
    throw new DumpToolError(
      `pg_dump ${tool.major} cannot dump PostgreSQL ${serverMajor}: install postgresql-client-${serverMajor} (apt-get install postgresql-client-${serverMajor})`,
    );
  }
  const { url, password } = splitPassword(databaseUrl);
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: '10' };
  // One snapshot for the dump and the counts: the counts then describe exactly what was dumped.
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
    const inSnapshot = async (sql: string) => (await client.query<Record<string, string | null>>(sql)).rows;
    const rowCounts = await countRows(inSnapshot);
    const migrations = await appliedMigrations(inSnapshot);
    const gzip = zlib.createGzip({ level: 6 });
    const out = fs.createWriteStream(outFile, { flags: 'wx', mode: 0o600 });
    const written = pipeline(gzip, out);
    try {
      await run(pgDump, [...DUMP_ARGS, `--snapshot=${snapshot}`, '--dbname', url], env, gzip);
    } catch (err) {
      gzip.destroy();
      await written.catch(() => {});
      throw err;
    }
    await written;
    return { serverVersion: `PostgreSQL ${serverVersion}`, tool: tool.text, rowCounts, migrations };
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Loading a dump

/**
 * The dump's text, made loadable on the target: psql-only lines (`\restrict`, added by recent pg_dump releases) go,
 * and settings an older PostgreSQL does not know (`transaction_timeout`, PostgreSQL 17+) are dropped for it.
 */
export function loadableSql(text: string, targetMajor: number): string {
  // A comment on an extension needs its owner: a restoring user who is not may still create and use it.
  let out = text.replace(/^\\(?:un)?restrict\b.*$/gm, '').replace(/^COMMENT ON EXTENSION .*$/gm, '');
  if (targetMajor < 17) out = out.replace(/^SET transaction_timeout = .*$/gm, '');
  return out;
}

export async function readDumpText(gzFile: string): Promise<string> {
  const chunks: Buffer[] = [];
  const gunzip = fs.createReadStream(gzFile).pipe(zlib.createGunzip());
  for await (const c of gunzip) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export { countRows, appliedMigrations, rawQuery };
