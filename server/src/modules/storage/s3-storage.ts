import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isSafeKey, type Storage, type StoredObject } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
}

/**
 * S3-compatible storage. Checksums only WHEN_REQUIRED and path-style addressing for non-AWS endpoints:
 * with the SDK's defaults a streamed upload to such servers is stored with aws-chunked framing inside the file.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: opts.region,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    };
    this.client = new S3Client(config);
    this.bucket = opts.bucket;
  }

  private checked(key: string): string {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    return key;
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    // lib-storage streams in parts and only completes the object once every part is in.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.checked(key), Body: body, ContentType: contentType },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string) {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      if (!out.Body) return null;
      return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0), contentType: out.ContentType };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  async list(prefix = '', limit = 1000): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token, MaxKeys: Math.min(1000, limit) }),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key || o.Key.startsWith('.tmp/')) continue;
        out.push({ key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && out.length < limit);
    return out.slice(0, limit);
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(toKey),
        CopySource: `${this.bucket}/${this.checked(fromKey).split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
