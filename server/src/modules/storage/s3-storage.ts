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
  /** How long connecting may take, and how long a connection may stay silent, before the call fails (ms). */
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

/** A storage failure with a message the owner can act on; `code` keeps S3's error name (NoSuchKey, …). */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
  'Forbidden',
]);
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'TimeoutError',
  'RequestTimeout',
]);

/** S3's answer in words naming the setting to fix (never the secret itself). */
function describeS3Error(err: unknown, bucket: string, action: string): StorageError {
  const e = err as {
    name?: string;
    code?: string;
    Code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  let code = e.Code ?? e.code ?? e.name ?? 'Error';
  // Answers to HEAD requests have no body to name the error: the status says it.
  if (/^Unknown/.test(code) && status)
    code = status === 403 ? 'Forbidden' : status === 404 ? 'NotFound' : `HTTP${status}`;
  let text: string;
  if (CREDENTIAL_ERRORS.has(code) || status === 403) {
    text = `S3 refused the credentials (${code}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that the key may use bucket "${bucket}"`;
  } else if (code === 'NoSuchBucket') {
    text = `S3 bucket "${bucket}" does not exist: check S3_BUCKET`;
  } else if (NETWORK_ERRORS.has(code) || /timed? ?out|ECONN|socket hang up/i.test(e.message ?? '')) {
    text = `S3 did not answer (${code}): check S3_ENDPOINT and the network`;
  } else {
    text = `S3 ${code}${status ? ` (HTTP ${status})` : ''}: ${e.message ?? 'unknown error'}`;
  }
  return new StorageError(`${action}: ${text}`, code, { cause: err });
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
      // Without these the SDK waits forever on an endpoint that accepts the connection and never answers.
      requestHandler: {
        connectionTimeout: opts.connectTimeoutMs ?? 5_000,
        socketTimeout: opts.idleTimeoutMs ?? 60_000,
      },
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    };
    this.client = new S3Client(config);
    this.bucket = opts.bucket;
  }

  private checked(key: string): string {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    return key;
  }

  /** Runs one S3 call; its failure becomes a StorageError that says what to fix. */
  private async call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw err instanceof StorageError ? err : describeS3Error(err, this.bucket, action);
    }
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
    await this.call(`storing ${key}`, () => upload.done());
  }

  async get(key: string) {
    const object = this.checked(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: object }));
      if (!out.Body) return null;
      return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0), contentType: out.ContentType };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw describeS3Error(err, this.bucket, `reading ${key}`);
    }
  }

  async delete(key: string): Promise<void> {
    const object = this.checked(key);
    await this.call(`deleting ${key}`, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object })),
    );
  }

  async list(prefix = '', limit = 1000): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.call('listing files', () =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
            MaxKeys: Math.min(1000, limit),
          }),
        ),
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
    const input = {
      Bucket: this.bucket,
      Key: this.checked(toKey),
      CopySource: `${this.bucket}/${this.checked(fromKey).split('/').map(encodeURIComponent).join('/')}`,
    };
    await this.call(`copying ${fromKey}`, () => this.client.send(new CopyObjectCommand(input)));
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      // HEAD answers carry no error body: a 404 on the bucket itself means it does not exist.
      const missing = (err as { name?: string }).name === 'NotFound';
      throw describeS3Error(
        missing ? Object.assign(new Error('no such bucket'), { name: 'NoSuchBucket' }) : err,
        this.bucket,
        'checking the bucket',
      );
    }
  }
}
