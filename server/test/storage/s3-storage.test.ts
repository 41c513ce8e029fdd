import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, STORAGE_TEST_MESSAGES } from '@shop/shared/files/schemas';
import { S3Storage, StorageError } from '../../src/modules/storage/s3-storage.ts';
import { closePdfWorker } from '../../src/modules/pdf/pdf-reader.ts';
import { createTestApp } from '../helpers/app.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';
import { createCustomer, fixturePdf } from '../factories/index.ts';
import { multipartBody } from '../pdf/multipart.ts';
import { readAll } from '../helpers/stored.ts';

/** The S3 adapter against a real S3-protocol server started here (s3rver on 127.0.0.1, a free port). */

const MB = 1024 * 1024;

/** `size` random bytes as a stream of 64 KB chunks made on demand (never one buffer), and their sha256 once read. */
function randomStream(size: number, failAfter?: number) {
  const hash = crypto.createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('the customer went away'));
      if (sent >= size) return this.push(null);
      const chunk = crypto.randomBytes(Math.min(64 * 1024, size - sent));
      hash.update(chunk);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

describe('S3 storage against a real S3-protocol server', () => {
  let s3: TestS3;
  let storage: S3Storage;
  const storageWith = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      ...overrides,
    });

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = storageWith();
  });
  afterAll(async () => {
    await s3?.close();
    await closePdfWorker();
  });

  it('streams a 10 MB upload in parts and gives it back byte for byte', async () => {
    const body = randomStream(10 * MB);
    await storage.put('orders/1/big.pdf', body.stream, 'application/pdf');
    const got = await storage.get('orders/1/big.pdf');
    expect(got?.size).toBe(10 * MB);
    expect(got?.contentType).toBe('application/pdf');
    const bytes = await readAll(got!.stream);
    expect(bytes.length).toBe(10 * MB);
    // No aws-chunked framing or checksum trailer inside the stored object.
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(body.digest());
  });

  it('stores a small body given as a buffer too', async () => {
    const pdf = fs.readFileSync(fixturePdf('landscape-a4.pdf'));
    await storage.put('orders/1/small.pdf', pdf, 'application/pdf');
    expect((await readAll((await storage.get('orders/1/small.pdf'))!.stream)).equals(pdf)).toBe(true);
  });

  it('an upload whose body fails halfway leaves no object behind', async () => {
    const body = randomStream(10 * MB, 6 * MB);
    await expect(storage.put('orders/1/broken.pdf', body.stream, 'application/pdf')).rejects.toThrow();
    expect(await storage.get('orders/1/broken.pdf')).toBeNull();
    expect((await storage.list('orders/1/')).map((o) => o.key)).not.toContain('orders/1/broken.pdf');
  });

  it('a missing key reads as null; delete removes an object and is idempotent', async () => {
    expect(await storage.get('orders/1/never-stored.pdf')).toBeNull();
    await storage.put('orders/2/gone.pdf', Buffer.from('%PDF-1.4 soon gone'), 'application/pdf');
    await storage.delete('orders/2/gone.pdf');
    expect(await storage.get('orders/2/gone.pdf')).toBeNull();
    await expect(storage.delete('orders/2/gone.pdf')).resolves.toBeUndefined();
  });

  it('lists by prefix with sizes, copies, and a copy of a missing file says NoSuchKey', async () => {
    await storage.put('orders/7/a.pdf', Buffer.alloc(100, 1), 'application/pdf');
    await storage.put('orders/7/b.pdf', Buffer.alloc(250, 2), 'application/pdf');
    await storage.put('orders/70/c.pdf', Buffer.alloc(10, 3), 'application/pdf');
    expect((await storage.list('orders/7/')).map((o) => [o.key, o.size])).toEqual([
      ['orders/7/a.pdf', 100],
      ['orders/7/b.pdf', 250],
    ]);
    await storage.copy('orders/7/b.pdf', 'admin-bucket/b.pdf');
    expect((await readAll((await storage.get('admin-bucket/b.pdf'))!.stream)).equals(Buffer.alloc(250, 2))).toBe(true);
    const err = await storage.copy('orders/7/none.pdf', 'admin-bucket/none.pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).code).toBe('NoSuchKey');
  });

  it('refuses keys that are not the server’s own shape before any request', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow('unsafe storage key');
    await expect(storage.get('/orders/1/x.pdf')).rejects.toThrow('unsafe storage key');
  });

  it('check() passes on the bucket and names S3_BUCKET when the bucket does not exist', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    await expect(storageWith({ bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /bucket "no-such-bucket" does not exist: check S3_BUCKET/,
    );
  });

  it('wrong credentials: every call fails at once with a clear error (never "not found"), without the secret', async () => {
    const wrong = storageWith({ secretAccessKey: 'not-the-secret-key-123' });
    const failures = await Promise.all([
      wrong.put('orders/1/x.pdf', Buffer.from('%PDF-1.4'), 'application/pdf').catch((e: unknown) => e),
      wrong.get('orders/1/small.pdf').catch((e: unknown) => e),
      wrong.check().catch((e: unknown) => e),
      storageWith({ accessKeyId: 'NOBODY' })
        .get('orders/1/small.pdf')
        .catch((e: unknown) => e),
    ]);
    for (const err of failures) {
      expect(err).toBeInstanceOf(StorageError);
      expect((err as Error).message).toMatch(
        /S3 refused the credentials \((SignatureDoesNotMatch|InvalidAccessKeyId|Forbidden)\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
      );
      expect((err as Error).message).not.toContain('not-the-secret-key-123');
    }
  });

  it('an endpoint that accepts connections and never answers fails after the idle timeout instead of hanging', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const stuck = storageWith({ endpoint: `http://127.0.0.1:${port}`, idleTimeoutMs: 300 });
      await expect(stuck.get('orders/1/small.pdf')).rejects.toThrow(
        /S3 did not answer .*: check S3_ENDPOINT and the network/,
      );
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});

describe('the shop with S3 storage configured', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3('shop-bucket');
  });
  afterAll(async () => {
    await s3?.close();
    await closePdfWorker();
  });

  it('stores an upload in the bucket and gives the owner the same bytes back; the storage test page says it works', async () => {
    const app = await createTestApp({ env: s3.env });
    try {
      expect(app.ctx.storage.kind).toBe('s3');
      const customer = await createCustomer(app);
      const pdf = fs.readFileSync(fixturePdf('notes-a4-38p.pdf'));
      const body = await multipartBody(pdf, 'notes.pdf');
      const up = await app.inject({
        method: 'POST',
        url: '/api/pdf/upload',
        headers: { ...customer.headers, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(201);
      const { file } = up.json();
      const direct = new S3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      });
      expect((await readAll((await direct.get(file.path))!.stream)).equals(pdf)).toBe(true);
      const down = await app.inject({ method: 'GET', url: file.url, headers: customer.headers });
      expect(down.statusCode).toBe(200);
      expect(down.rawPayload.equals(pdf)).toBe(true);
      const check = await app.inject({ method: 'GET', url: '/api/storage-test', headers: customer.headers });
      expect(check.json()).toEqual({ success: true, message: STORAGE_TEST_MESSAGES.checkOk });
    } finally {
      await app.close();
    }
  });

  it('with wrong credentials an upload is refused with the customer message, nothing is kept, the log says what to fix', async () => {
    const logLines: string[] = [];
    const app = await createTestApp({
      env: { ...s3.env, S3_SECRET_ACCESS_KEY: 'wrong-secret-access-key-42' },
      logLines,
    });
    try {
      const customer = await createCustomer(app);
      const direct = new S3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      });
      const before = await direct.list('orders/');
      const body = await multipartBody(fs.readFileSync(fixturePdf('report-a4-26p.pdf')), 'report.pdf');
      const up = await app.inject({
        method: 'POST',
        url: '/api/pdf/upload',
        headers: { ...customer.headers, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode).toBe(503);
      expect(up.json()).toMatchObject({ code: 'storage_failed', message: UPLOAD_MESSAGES.storageFailed });
      expect(await direct.list('orders/')).toEqual(before);
      const logged = logLines.filter((l) => l.includes('storing an upload failed'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/S3 refused the credentials/);
      expect(logged.join('\n')).not.toContain('wrong-secret-access-key-42');
    } finally {
      await app.close();
    }
  });
});
