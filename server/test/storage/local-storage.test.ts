import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/modules/storage/local-storage.ts';
import { readAll } from '../helpers/stored.ts';

/**
 * The local folder store, where a shop without S3 keeps every file. The clean-up and a customer's "Delete my files now"
 * delete objects while downloads and previews read them.
 */
describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-local-storage-'));
  const storage = new LocalStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads an object whole when it is deleted between being taken and being read', async () => {
    const body = Buffer.alloc(300_000, 7);
    await storage.put('orders/1/a.pdf', body, 'application/pdf');
    const obj = await storage.get('orders/1/a.pdf');
    expect(obj?.size).toBe(body.length);
    await storage.delete('orders/1/a.pdf');
    expect(await storage.get('orders/1/a.pdf')).toBeNull();
    expect((await readAll(obj!.stream)).equals(body)).toBe(true);
  });

  it('an object deleted while it is being taken is either not there or read whole, never a failing stream', async () => {
    const body = Buffer.from('%PDF-1.7 a page');
    let found = 0;
    for (let i = 0; i < 100; i++) {
      const key = `previews/race-${i}.png`;
      await storage.put(key, body, 'image/png');
      // The clean-up deletes while a preview is being fetched: both start in the same moment.
      const [obj] = await Promise.all([storage.get(key), storage.delete(key)]);
      if (!obj) continue;
      found++;
      expect((await readAll(obj.stream)).equals(body), key).toBe(true);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('answers null for nothing stored, and for a folder', async () => {
    expect(await storage.get('orders/never.pdf')).toBeNull();
    await storage.put('orders/2/c.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect(await storage.get('orders/2')).toBeNull();
  });
});
