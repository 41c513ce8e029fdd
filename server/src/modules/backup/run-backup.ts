import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { writeBackupArchive, type BackupSource } from './backup.ts';
import { archiveNameFor, pruneArchives, type BackupDestination } from './destination.ts';
import type { Manifest } from './manifest.ts';

export interface BackupRun {
  name: string;
  /** Where the archive is now (a path, or s3://bucket/prefix/name). */
  location: string;
  size: number;
  durationMs: number;
  manifest: Manifest;
  /** Older archives removed to keep `keep`. */
  pruned: string[];
}

export class BackupError extends Error {}

const MB = 1024 * 1024;
export const formatBytes = (n: number) =>
  n >= 1024 * MB
    ? `${(n / 1024 / MB).toFixed(2)} GB`
    : n >= MB
      ? `${(n / MB).toFixed(1)} MB`
      : `${Math.ceil(n / 1024)} KB`;

/**
 * One backup into a destination: refuses to start when the archive would not fit where it is written, writes it under a
 * temporary name, stores it, then (with `keep`) removes the oldest archives beyond that number.
 */
export async function runBackup(
  source: BackupSource,
  destination: BackupDestination,
  opts: { keep?: number; now?: Date } = {},
): Promise<BackupRun> {
  const started = Date.now();
  const workDir = await destination.workDir();
  const free = await destination.freeBytes();
  if (free !== null) {
    const objects = await source.storage.list('', Number.MAX_SAFE_INTEGER);
    const needed = objects.reduce((s, o) => s + o.size, 0) + 64 * MB;
    if (free < needed) {
      throw new BackupError(
        `not enough free space in ${workDir}: the backup needs about ${formatBytes(needed)} and ${formatBytes(free)} is free`,
      );
    }
  }
  let name = archiveNameFor(opts.now ?? new Date());
  const existing = new Set((await destination.list()).map((a) => a.name));
  if (existing.has(name)) name = name.replace(/\.tar$/, `-${crypto.randomBytes(3).toString('hex')}.tar`);
  const part = path.join(workDir, `.${name}.part`);
  let stored = false;
  try {
    const { manifest, size } = await writeBackupArchive(source, part);
    const location = await destination.store(part, name);
    stored = true;
    const pruned = opts.keep ? await pruneArchives(destination, opts.keep) : [];
    return { name, location, size, durationMs: Date.now() - started, manifest, pruned };
  } finally {
    if (!stored) await fsp.rm(part, { force: true });
  }
}
