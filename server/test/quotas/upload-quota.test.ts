import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { DATABASES, type TestApp } from '../helpers/app.ts';
import { fixturePdf, createCustomer, createPaidOrder, createService, createUploadedFile } from '../factories/index.ts';
import { createDraft } from '../payments/flow.ts';
import { createQuotaTestApp, expectTooMany, freezeClock, uploadAnyFile, uploadPdf } from './helpers.ts';

const MB = 1024 * 1024;

/** Stored, never-ordered uploads per account (count and bytes), uploads in progress, and open unpaid drafts. */
describe.each(DATABASES)('upload and draft quotas on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    // Small caps so a test reaches them quickly; the shop's own figures are in rate-limits.test.ts and decision 012.
    app = await createQuotaTestApp({
      db,
      env: { UPLOAD_QUOTA_FILES: '3', UPLOAD_QUOTA_MB: '10', OPEN_DRAFTS_MAX: '2', RATE_LIMIT_SCALE: '100' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  const pdf = fs.readFileSync(fixturePdf('page-a4-1p.pdf'));
  const ownFiles = (userId: number) => app.ctx.db.select().from(files).where(eq(files.ownerUserId, userId));

  it('keeps at most 3 never-ordered files per account; an ordered file frees its place', async () => {
    freezeClock(app);
    const c = await createCustomer(app);
    for (let i = 0; i < 3; i++) expect((await uploadPdf(app, c.headers, pdf)).statusCode).toBe(201);
    const refused = await uploadPdf(app, c.headers, pdf);
    const wait = expectTooMany(
      refused,
      'upload_quota',
      /You have uploaded 3 files or 10 MB that are not in an order yet.*removed 24 hours after upload/,
    );
    // The oldest upload goes at the first clean-up run after 24 h (every 15 minutes by default).
    expect(wait).toBeGreaterThan(24 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600 + 15 * 60 + 5);
    expect(await ownFiles(c.record.id)).toHaveLength(3);
    // Any file counts: the storage test page's uploads too.
    expectTooMany(await uploadAnyFile(app, c.headers, Buffer.from('hello')), 'upload_quota');
    // Ordering one of them (a paid order) frees its place; another customer was never affected.
    const [first] = await ownFiles(c.record.id);
    await createPaidOrder(app, c.record.id, { fileId: first!.id, filePath: first!.storageKey });
    expect((await uploadPdf(app, c.headers, pdf)).statusCode).toBe(201);
    const other = await createCustomer(app);
    expect((await uploadPdf(app, other.headers, pdf)).statusCode).toBe(201);
  });

  it('refuses an upload that would pass 10 MB of unordered files before reading it, and stores nothing', async () => {
    freezeClock(app);
    const c = await createCustomer(app);
    expect((await uploadAnyFile(app, c.headers, Buffer.alloc(6 * MB, 1))).statusCode).toBe(200);
    const before = await app.ctx.storage.list(`uploads/${c.record.id}/`);
    expectTooMany(await uploadAnyFile(app, c.headers, Buffer.alloc(5 * MB, 2)), 'upload_quota', /10 MB/);
    expect(await app.ctx.storage.list(`uploads/${c.record.id}/`)).toEqual(before);
    // A smaller file still fits.
    expect((await uploadAnyFile(app, c.headers, Buffer.alloc(3 * MB, 3))).statusCode).toBe(200);
  });

  it('at most 3 uploads in progress at once per account; the others are told to wait for them', async () => {
    freezeClock(app);
    const c = await createCustomer(app);
    // Three uploads held in the middle of storing (a slow phone connection), then three more.
    const storage = app.ctx.storage as { put: typeof app.ctx.storage.put };
    const put = storage.put.bind(app.ctx.storage);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held: number[] = [];
    storage.put = async (...args) => {
      held.push(1);
      await gate;
      return put(...args);
    };
    try {
      const slow = [0, 1, 2].map(() => uploadAnyFile(app, c.headers, Buffer.alloc(64 * 1024, 1)));
      await expect.poll(() => held.length, { interval: 5 }).toBe(3);
      const more = await Promise.all([0, 1, 2].map(() => uploadAnyFile(app, c.headers, Buffer.alloc(64 * 1024, 1))));
      for (const r of more) expectTooMany(r, 'uploads_in_progress', /still in progress/);
      release();
      for (const r of await Promise.all(slow)) expect(r.statusCode).toBe(200);
    } finally {
      release();
      storage.put = put;
    }
    // Finished uploads no longer count as in progress (the quota of 3 files is what refuses now).
    expectTooMany(await uploadAnyFile(app, c.headers, Buffer.from('x')), 'upload_quota');
  });

  it('at most 2 documents waiting for payment; paying again for one of them is not another', async () => {
    freezeClock(app);
    const c = await createCustomer(app);
    const service = await createService(app);
    const [a, b, third] = await Promise.all([0, 1, 2].map(() => createUploadedFile(app, c.record.id)));
    await createDraft(app, c, service.id, a!.id);
    await createDraft(app, c, service.id, b!.id);
    // A retried payment of document A (a failed card, then UPI) is still allowed.
    await createDraft(app, c, service.id, a!.id);
    const err = await createDraft(app, c, service.id, third!.id).catch((e: Error) => e);
    expect(String(err)).toMatch(/create-order 429 .*draft_quota/);
    expect(String(err)).toMatch(/You have 2 orders waiting for payment/);
  });
});
