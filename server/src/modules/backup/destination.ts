import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { openS3Storage, type S3Storage } from '../storage/index.ts';
import { shopWallClock } from '@shop/shared/common/shop-clock';

/** Archive names sort by time: `shop-backup-20261126-020000-IST.tar` (plus a suffix when two fall in one second). */
export const ARCHIVE_NAME = /^shop-backup-\d{8}-\d{6}-IST(?:-[a-z0-9]+)?\.tar$/;

export function archiveNameFor(at: Date): string {
  const ist = shopWallClock(at).toISOString();
  return `shop-backup-${ist.slice(0, 10).replace(/-/g, '')}-${ist.slice(11, 19).replace(/:/g, '')}-IST.tar`;
}

export interface StoredArchive {
  name: string;
  size: number;
  modified: Date;
}

/** Where scheduled (and plain `npm run backup`) archives go, and how old ones are removed. */
export interface BackupDestination {
  /** Said to the admin and in logs: a folder path or `s3://bucket/prefix` (never a key). */
  readonly description: string;
  /** A folder on this machine where the archive is written before it is stored. */
  workDir(): Promise<string>;
  /** Moves the finished local archive into the destination under `name`; returns where it is now. */
  store(localFile: string, name: string): Promise<string>;
  list(): Promise<StoredArchive[]>;
  remove(name: string): Promise<void>;
  /** Free bytes where the archive is written, when known. */
  freeBytes(): Promise<number | null>;
}

async function freeAt(dir: string): Promise<number | null> {
  try {
    const st = await fsp.statfs(dir);
    return st.bavail * st.bsize;
  } catch {
    return null;
  }
}

export class FolderDestination implements BackupDestination {
  constructor(readonly dir: string) {}
  get description() {
    return this.dir;
  }
  async workDir() {
    await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
    return this.dir;
  }
  async store(localFile: string, name: string) {
    const target = path.join(this.dir, name);
    await fsp.rename(localFile, target);
    return target;
  }
  async list() {
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch {
      return [];
    }
    const out: StoredArchive[] = [];
    for (const name of names.filter((n) => ARCHIVE_NAME.test(n))) {
      const st = await fsp.stat(path.join(this.dir, name)).catch(() => null);
      if (st?.isFile()) out.push({ name, size: st.size, modified: st.mtime });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }
  async remove(name: string) {
    if (!ARCHIVE_NAME.test(name)) throw new Error('not a backup archive name');
    await fsp.rm(path.join(this.dir, name), { force: true });
  }
  freeBytes() {
    return freeAt(this.dir);
  }
}

export class S3Destination implements BackupDestination {
  private storage: S3Storage | null = null;
  constructor(private readonly target: Extract<Config['backupTarget'], { kind: 's3' }>) {}
  get description() {
    return `s3://${this.target.bucket}/${this.target.prefix}`;
  }
  private async s3(): Promise<S3Storage> {
    if (!this.storage) {
      this.storage = await openS3Storage({
        bucket: this.target.bucket,
        region: this.target.region,
        endpoint: this.target.endpoint,
        accessKeyId: this.target.accessKeyId,
        secretAccessKey: this.target.secretAccessKey,
      });
    }
    return this.storage;
  }
  async workDir() {
    return fsp.mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  }
  async store(localFile: string, name: string) {
    const s3 = await this.s3();
    await s3.put(this.target.prefix + name, fs.createReadStream(localFile), 'application/x-tar');
    await fsp.rm(localFile, { force: true });
    await fsp.rm(path.dirname(localFile), { recursive: true, force: true }).catch(() => {});
    return `${this.description}${name}`;
  }
  async list() {
    const s3 = await this.s3();
    const objects = await s3.list(this.target.prefix, Number.MAX_SAFE_INTEGER);
    return objects
      .map((o) => ({ name: o.key.slice(this.target.prefix.length), size: o.size, modified: o.lastModified }))
      .filter((o) => ARCHIVE_NAME.test(o.name))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
  async remove(name: string) {
    if (!ARCHIVE_NAME.test(name)) throw new Error('not a backup archive name');
    await (await this.s3()).delete(this.target.prefix + name);
  }
  async freeBytes() {
    return freeAt(os.tmpdir());
  }
}

export function destinationFor(config: Pick<Config, 'backupTarget'>): BackupDestination {
  return config.backupTarget.kind === 's3'
    ? new S3Destination(config.backupTarget)
    : new FolderDestination(config.backupTarget.dir);
}

/** Deletes the oldest archives beyond `keep` (only after a good backup, so a run of failures never empties it). */
export async function pruneArchives(destination: BackupDestination, keep: number): Promise<string[]> {
  const all = await destination.list();
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const a of old) await destination.remove(a.name);
  return old.map((a) => a.name);
}
