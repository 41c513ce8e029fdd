import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { LocalStorage } from './local-storage.ts';
import type { S3Storage, S3StorageOptions } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The configured storage; the S3 SDK is loaded only when S3 is configured. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.storage === 's3') {
    return openS3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(path.join(config.dataDir, 'files'));
}

/** A bucket, with the S3 SDK loaded only now (the shop's files, or the backups' own bucket). */
export async function openS3Storage(opts: S3StorageOptions): Promise<S3Storage> {
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(opts);
}

export type { S3Storage, S3StorageOptions } from './s3-storage.ts';
export { isSafeKey, type Storage } from './storage.ts';
