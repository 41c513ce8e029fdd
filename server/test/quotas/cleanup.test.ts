import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orderDocuments, orders, rateLimits } from '../../src/db/schema/index.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/reconcile.ts';
import { runCleanup } from '../../src/modules/files/cleanup.ts';
import { DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createService, createUploadedFile } from '../factories/index.ts';
import { createDraft, sandboxPay, verify } from '../payments/flow.ts';
import { createQuotaTestApp } from './helpers.ts';
import { stored } from '../files/helpers.ts';

const HOUR = 3600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

/** Tiny never-ordered uploads straight in storage and the database (many of them, quickly). */
async function tinyUploads(app: TestApp, ownerUserId: number, n: number) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    const storageKey = `uploads/${ownerUserId}/${id}`;
    await app.ctx.storage.put(storageKey, Buffer.from(`file ${i}`), 'application/octet-stream');
    rows.push({
      id,
      ownerUserId,
      kind: 'storage_test' as const,
      storageKey,
      originalFilename: `f${i}.bin`,
      contentType: 'application/octet-stream',
      sizeBytes: 6,
      sha256: 'x',
    });
  }
  await app.ctx.db.insert(files).values(rows);
  return rows;
}

describe.each(DATABASES)('clean-up job on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createQuotaTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('deletes uploads never ordered after 24 h (file, preview and row); ordered files stay', async () => {
    const c = await createCustomer(app);
    const loose = await createUploadedFile(app, c.record.id);
    await app.ctx.storage.put(`previews/${loose.id}.png`, Buffer.from('png'), 'image/png');
    const ordered = await createPaidOrder(app, c.record.id);
    const [test] = await tinyUploads(app, c.record.id, 1);

    await runCleanup(app.ctx, later(23));
    expect(await stored(app, loose.storageKey)).toBe(true);

    const run = await runCleanup(app.ctx, later(25));
    expect(run.uploadsDeleted).toBeGreaterThanOrEqual(2);
    expect(
      await app.ctx.db
        .select()
        .from(files)
        .where(inArray(files.id, [loose.id, test!.id])),
    ).toEqual([]);
    expect(await stored(app, loose.storageKey)).toBe(false);
    expect(await stored(app, `previews/${loose.id}.png`)).toBe(false);
    expect(await stored(app, test!.storageKey)).toBe(false);
    // The paid order's file is the shop's to keep.
    await runCleanup(app.ctx, later(1000));
    expect(await stored(app, ordered.document.filePath)).toBe(true);
    expect(await app.ctx.db.select().from(files).where(eq(files.id, ordered.document.fileId!))).toHaveLength(1);
  });

  it('expires unpaid drafts after 24 h (marked, not deleted); their file stays until 24 h after that', async () => {
    const c = await createCustomer(app);
    const service = await createService(app);
    const file = await createUploadedFile(app, c.record.id);
    const draft = await createDraft(app, c, service.id, file.id);

    await runCleanup(app.ctx, later(23));
    let [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    expect(row!.expiredAt).toBeNull();

    const expiredAt = later(25);
    expect((await runCleanup(app.ctx, expiredAt)).draftsExpired).toBeGreaterThanOrEqual(1);
    [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    expect(row).toMatchObject({ status: 'pending_payment' });
    const documentOf = async () =>
      (await app.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, draft.orderId)))[0];
    expect(await documentOf()).toMatchObject({ fileId: file.id });
    expect(row!.expiredAt!.getTime()).toBe(expiredAt.getTime());
    expect(await stored(app, file.storageKey)).toBe(true);

    await runCleanup(app.ctx, later(48));
    expect(await stored(app, file.storageKey)).toBe(true);
    await runCleanup(app.ctx, later(50));
    expect(await stored(app, file.storageKey)).toBe(false);
    [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    // The draft keeps its record (and the file's name) for the customer's history; it no longer points at a file.
    expect(row).toMatchObject({ status: 'pending_payment' });
    expect(await documentOf()).toMatchObject({ fileId: null, originalFilename: file.originalFilename });
  });

  it('reconciliation stops asking about an expired draft; a payment that still comes for it is fulfilled', async () => {
    const c = await createCustomer(app);
    const service = await createService(app);
    const file = await createUploadedFile(app, c.record.id);
    const draft = await createDraft(app, c, service.id, file.id);
    const proof = await sandboxPay(app, c, draft.id); // paid at the provider; the browser closed before verifying
    await app.ctx.db.update(orders).set({ expiredAt: new Date() }).where(eq(orders.id, draft.orderId));

    for (let run = 0; run < 30; run++) await reconcilePendingPayments(app.ctx, new Date(Date.now() + run * 60_000));
    let [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    expect(row!.status).toBe('pending_payment');

    // The customer's browser comes back with the payment proof: the money was taken, so the order is placed.
    expect((await verify(app, c, proof)).statusCode).toBe(200);
    [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
    expect(row!.status).toBe('unvisited');
  });

  it('removes rate-limit rows whose time has passed', async () => {
    const now = Date.now();
    await app.ctx.db.insert(rateLimits).values([
      { key: `test:spent:${now}`, tatMs: now - 1000 },
      { key: `test:live:${now}`, tatMs: now + 60_000 },
    ]);
    await runCleanup(app.ctx, new Date(now));
    const left = (await app.ctx.db.select().from(rateLimits)).map((r) => r.key).filter((k) => k.endsWith(String(now)));
    expect(left).toEqual([`test:live:${now}`]);
  });

  it('three runs at once delete each upload exactly once', async () => {
    const c = await createCustomer(app);
    const rows = await tinyUploads(app, c.record.id, 230);
    const runs = await Promise.all([0, 1, 2].map(() => runCleanup(app.ctx, later(25))));
    const mine = await app.ctx.db.select().from(files).where(eq(files.ownerUserId, c.record.id));
    expect(mine).toEqual([]);
    expect(runs.reduce((n, r) => n + r.uploadsDeleted, 0)).toBeGreaterThanOrEqual(rows.length);
    expect(await app.ctx.storage.list(`uploads/${c.record.id}/`)).toEqual([]);
  });
});

describe.skipIf(!DATABASES.includes('postgres'))('clean-up on two server copies of one PostgreSQL database', () => {
  let a: TestApp & { databaseUrl?: string };
  let b: TestApp;
  beforeAll(async () => {
    a = await createQuotaTestApp({ db: 'postgres' });
    b = await createQuotaTestApp({ shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('the copies share the work: every upload deleted once, none twice, no error', async () => {
    const c = await createCustomer(a);
    // Both copies use their own DATA_DIR: give copy b the same local storage as a, like one S3 bucket.
    (b.ctx as { storage: unknown }).storage = a.ctx.storage;
    const rows = await tinyUploads(a, c.record.id, 450);
    const runs = await Promise.all([
      runCleanup(a.ctx, later(25)),
      runCleanup(b.ctx, later(25)),
      runCleanup(b.ctx, later(25)),
    ]);
    expect(runs.reduce((n, r) => n + r.uploadsDeleted, 0)).toBe(rows.length);
    expect(await a.ctx.db.select().from(files).where(eq(files.ownerUserId, c.record.id))).toEqual([]);
    expect(await a.ctx.storage.list(`uploads/${c.record.id}/`)).toEqual([]);
  });
});
