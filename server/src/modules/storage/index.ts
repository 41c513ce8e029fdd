import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { LocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** The configured storage; the S3 SDK is loaded only when S3 is configured. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.storage === 's3') {
    const { S3Storage } = await import('./s3-storage.ts');
    return new S3Storage({
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

export type { Storage } from './storage.ts';
