import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client.ts';

/**
 * What a backup archive holds, written as its last entry `manifest.json` (the checksums are known only once every
 * file has been read). Never a setting or a secret: no URL, key, password or bucket name.
 */
export const MANIFEST_NAME = 'manifest.json';
export const DUMP_NAME = 'database.sql.gz';
export const README_NAME = 'README.txt';
export const FILES_PREFIX = 'files/';
export const ARCHIVE_FORMAT = 'guntur-print-shop-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The shop's version whose data this is. */
  app: z.object({ version: z.string().min(1) }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    tool: z.string(),
    entry: z.literal(DUMP_NAME),
    size: z.number().int().nonnegative(),
    sha256,
    /** The last migration applied to the dumped database: its tag when this code knows it, and its journal time. */
    lastMigration: z.object({ tag: z.string().nullable(), when: z.number().int() }).nullable(),
    migrationCount: z.number().int().nonnegative(),
    /** Tables whose rows are not in the dump on purpose (sessions and the like). */
    excludedTableData: z.array(z.string()),
    rowCounts: z.record(z.string(), z.number().int().nonnegative()),
  }),
  counts: z.object({
    orders: z.number().int().nonnegative(),
    invoices: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
  }),
  storage: z.object({
    kind: z.enum(['local', 's3']),
    objects: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** Objects the database names that were not in storage when the backup was made. */
    missing: z.array(z.string()),
  }),
  files: z.array(z.object({ key: z.string().min(1), size: z.number().int().nonnegative(), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code knows (drizzle's journal), oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export function describeLastMigration(applied: number[]): Manifest['database']['lastMigration'] {
  const when = applied.at(-1);
  if (when === undefined) return null;
  return { tag: knownMigrations().find((m) => m.when === when)?.tag ?? null, when };
}

/** Counts an owner reads: orders (paid or not), GST documents (invoices and credit notes), file rows. */
export function headlineCounts(rowCounts: Record<string, number>): Manifest['counts'] {
  return { orders: rowCounts.orders ?? 0, invoices: rowCounts.invoices ?? 0, files: rowCounts.files ?? 0 };
}
