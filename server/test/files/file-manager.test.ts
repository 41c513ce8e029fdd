import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { fileManagerPageSchema, type ManagedFile } from '@shop/shared/files/file-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orders } from '../../src/db/schema/index.ts';
import {
  createCustomer,
  createPaidOrder,
  createStaff,
  createUploadedFile,
  fixturePdf,
  signInAdmin,
} from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { documentOf, orderWithFiles, setStatus, stored } from './helpers.ts';

/** The admin's file manager, from the database (decision 026). */
describe.each(DATABASES)('admin file manager on %s', (db) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  const list = async (query = '') => {
    const res = await app.inject({ method: 'GET', url: `/api/admin/files/list${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return fileManagerPageSchema.parse(res.json());
  };
  const find = async (id: string) => (await list('?pageSize=100')).files.find((f) => f.id === id);

  beforeAll(async () => {
    app = await createTestApp({ db, env: { FILE_RETENTION_DAYS: '30', UPLOAD_RETENTION_HOURS: '24' } });
    admin = await signInAdmin(app);
    staff = await createStaff(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows each file’s customer, order, original name, size, age and when it will be deleted', async () => {
    const customer = await createCustomer(app, { name: 'Kavya Reddy' });
    const { order, file } = await orderWithFiles(app, customer.record.id);
    const loose = await createUploadedFile(app, customer.record.id, 'page-a4-1p.pdf', 1);

    const row = await find(file.id);
    expect(row).toEqual<ManagedFile>({
      id: file.id,
      key: file.storageKey,
      size: fs.statSync(fixturePdf('letter-a4-4p.pdf')).size,
      lastModified: file.createdAt.toISOString(),
      downloadUrl: `/api/admin/files/${file.id}/download`,
      originalName: 'letter-a4-4p.pdf',
      kind: 'order_pdf',
      customer: { id: customer.record.id, name: 'Kavya Reddy' },
      order: { id: order.id, orderNumber: order.orderNumber, status: 'unvisited', finished: false, paid: true },
      otherOrders: 0,
      sensitive: false,
      source: { format: 'docx', filename: 'aadhaar scan.docx' },
      deleteRule: 'after_ready',
      deleteAt: null,
    });
    await setStatus(app, staff.headers, order.id, 'completed');
    const [ready] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(await find(file.id)).toMatchObject({
      deleteRule: 'scheduled',
      deleteAt: new Date(ready!.completedAt!.getTime() + 30 * 86_400_000).toISOString(),
      order: { finished: true },
    });
    // Never ordered: gone a day after upload, and not the admin's to download.
    expect(await find(loose.id)).toMatchObject({
      order: null,
      downloadUrl: null,
      deleteRule: 'upload',
      deleteAt: new Date(loose.createdAt.getTime() + 24 * 3_600_000).toISOString(),
    });

    const download = await app.inject({
      method: 'GET',
      url: `/api/admin/files/${file.id}/download`,
      headers: admin.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fs.readFileSync(fixturePdf('letter-a4-4p.pdf')))).toBe(true);
    expect(download.headers['content-disposition']).toContain('letter-a4-4p.pdf');
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/files/${loose.id}/download`, headers: admin.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('pages and sorts by age, size and name, stably', async () => {
    const customer = await createCustomer(app);
    const sizes = [300, 100, 200, 100];
    for (const [i, size] of sizes.entries()) {
      const id = crypto.randomUUID();
      await app.ctx.db.insert(files).values({
        id,
        ownerUserId: customer.record.id,
        kind: 'storage_test',
        storageKey: `uploads/${customer.record.id}/${id}`,
        originalFilename: `zz-sort-${i}.bin`,
        contentType: 'application/octet-stream',
        sizeBytes: size,
        sha256: 'x',
      });
    }
    const all = await list('?pageSize=100&sort=age&dir=desc');
    expect(all.total).toBe(all.files.length);
    const times = all.files.map((f) => Date.parse(f.lastModified));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const bySize = (await list('?pageSize=100&sort=size&dir=asc')).files.map((f) => f.size);
    expect(bySize).toEqual([...bySize].sort((a, b) => a - b));
    const byName = (await list('?pageSize=100&sort=name&dir=desc')).files.map((f) => f.originalName);
    expect(byName.slice(0, 4)).toEqual(['zz-sort-3.bin', 'zz-sort-2.bin', 'zz-sort-1.bin', 'zz-sort-0.bin']);

    // Pages of 25 cover the list once, without repeats, in the same order.
    for (let i = 0; i < 30; i++) await createUploadedFile(app, customer.record.id, 'page-a4-1p.pdf', 1);
    const whole = await list('?pageSize=100&sort=size&dir=desc');
    const paged = [
      ...(await list('?pageSize=25&page=1&sort=size&dir=desc')).files,
      ...(await list('?pageSize=25&page=2&sort=size&dir=desc')).files,
    ];
    expect(paged.map((f) => f.id)).toEqual(whole.files.slice(0, 50).map((f) => f.id));
    // Bad values fall back to the defaults rather than failing.
    expect(await list('?page=-3&pageSize=7&sort=evil&dir=sideways')).toMatchObject({
      page: 1,
      pageSize: 25,
      sort: 'age',
      dir: 'desc',
    });
    // Service images are the shop's, not listed.
    expect(all.files.every((f) => f.kind !== ('service_image' as string))).toBe(true);
  });

  it('deletes a file (every document that used it says so); a file of an order not yet ready only when confirmed', async () => {
    const customer = await createCustomer(app);
    const { order, file, keys } = await orderWithFiles(app, customer.record.id);
    const del = (query = '') =>
      app.inject({ method: 'DELETE', url: `/api/admin/files/${file.id}${query}`, headers: admin.headers });

    const warned = await del();
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      code: 'order_not_ready',
      message: `This file belongs to order ${order.orderNumber}, which is not ready yet: the counter could not print it any more.`,
    });
    expect(await stored(app, file.storageKey)).toBe(true);

    const done = await del('?confirmUnfinished=true');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: 'letter-a4-4p.pdf was deleted.', id: file.id });
    for (const key of keys) expect(await stored(app, key)).toBe(false);
    expect(await documentOf(app, order.id)).toMatchObject({ fileId: null, fileDeletedReason: 'admin' });
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: 'unvisited',
    });
    const download = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/documents/1/file`,
      headers: staff.headers,
    });
    expect(download.json()).toMatchObject({
      code: 'file_deleted',
      message: expect.stringMatching(/^This file was deleted by the shop on /),
    });
    expect(await find(file.id)).toBeUndefined();
    expect((await del()).statusCode).toBe(404);
  });

  it('deletes a finished order’s file at once, and refuses unknown ids and the shop’s own images', async () => {
    const customer = await createCustomer(app);
    const order = await createPaidOrder(app, customer.record.id, { status: 'collected', deliveryType: 'pickup' });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/admin/files/${order.document.fileId}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/admin/files/${id}`, headers: admin.headers })).statusCode,
      ).toBe(404);
    }
    const image = crypto.randomUUID();
    await app.ctx.db.insert(files).values({
      id: image,
      kind: 'service_image',
      storageKey: `service-images/${image}.png`,
      originalFilename: 'a.png',
      contentType: 'image/png',
      sizeBytes: 3,
      sha256: 'x',
    });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/admin/files/${image}`, headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(await app.ctx.db.select().from(files).where(eq(files.id, image))).toHaveLength(1);
  });
});
