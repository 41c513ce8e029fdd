import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer } from '../factories/index.ts';
import { multipartBody } from '../pdf/multipart.ts';
import { readStored } from '../helpers/stored.ts';

describe.each(DATABASES)('storage test and file upload on %s', (db) => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    customer = await createCustomer(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const uploadFile = async (
    content: Buffer | string,
    filename: string,
    opts: Parameters<typeof multipartBody>[2] = {},
    headers: Record<string, string> = customer.headers,
  ) => {
    const body = await multipartBody(content, filename, { type: 'application/octet-stream', ...opts });
    return app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  /** Swaps one storage method for a failing one during `fn`. */
  async function withBrokenStorage<T>(method: 'check' | 'put', fn: () => Promise<T>): Promise<T> {
    const storage = app.ctx.storage as unknown as Record<string, unknown>;
    const original = storage[method];
    storage[method] = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
    };
    try {
      return await fn();
    } finally {
      storage[method] = original;
    }
  }

  it('checks the storage connection for a signed-in user', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/storage-test', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Object Storage connection is working properly' });
    const failed = await withBrokenStorage('check', () =>
      app.inject({ method: 'GET', url: '/api/storage-test', headers: customer.headers }),
    );
    expect(failed.json()).toEqual({ success: false, message: 'Failed to connect to Object Storage' });
    expect((await app.inject({ method: 'GET', url: '/api/storage-test' })).statusCode).toBe(401);
  });

  it('uploads a small test file on request', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/storage/test-upload', headers: customer.headers });
    expect(res.json()).toEqual({ success: true, message: 'Successfully uploaded test file to Object Storage' });
    const keys = (await app.ctx.storage.list(`storage-test/${customer.record.id}/`)).map((o) => o.key);
    expect(keys.length).toBe(1);
    const failed = await withBrokenStorage('put', () =>
      app.inject({ method: 'POST', url: '/api/storage/test-upload', headers: customer.headers }),
    );
    expect(failed.json()).toEqual({ success: false, message: 'Failed to upload test file' });
    expect((await app.inject({ method: 'POST', url: '/api/storage/test-upload' })).statusCode).toBe(401);
  });

  it('stores any file under a server-made key and records it', async () => {
    const content = Buffer.from('hello from the storage test page\n');
    const res = await uploadFile(content, '../../notes.txt');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'File uploaded successfully',
      file: { size: content.length },
    });
    expect(body.file.key).toMatch(new RegExp(`^uploads/${customer.record.id}/[0-9a-f-]{36}$`));
    expect((await readStored(app, body.file.key))?.equals(content)).toBe(true);
    const [row] = await app.ctx.db.select().from(files).where(eq(files.id, body.file.id));
    expect(row).toMatchObject({
      kind: 'storage_test',
      ownerUserId: customer.record.id,
      originalFilename: 'notes.txt',
      sizeBytes: content.length,
    });
  });

  it('refuses no file with a message, never a 500', async () => {
    const empty = await uploadFile(Buffer.alloc(0), '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select a file to upload');
    const json = await app.inject({ method: 'POST', url: '/api/files/upload', headers: customer.headers, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please select a file to upload');
  });

  it('refuses an 11 MB file with 413 and stores nothing', async () => {
    const before = await app.ctx.storage.list(`uploads/${customer.record.id}/`);
    const res = await uploadFile(Buffer.alloc(11 * 1024 * 1024, 1), 'big.bin');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Maximum file size is 10MB');
    expect(await app.ctx.storage.list(`uploads/${customer.record.id}/`)).toEqual(before);
  });

  it('needs a signed-in user to upload', async () => {
    const res = await uploadFile('x', 'x.txt', {}, {});
    expect(res.statusCode).toBe(401);
  });

  it('leaves no object when storing fails', async () => {
    const res = await withBrokenStorage('put', () => uploadFile('data', 'a.txt'));
    expect(res.statusCode).toBe(503);
    expect(typeof res.json().message).toBe('string');
  });
});
