import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orders, orderStatusEvents } from '../../src/db/schema/index.ts';
import { runCleanup } from '../../src/modules/files/cleanup.ts';
import { runFileRetention } from '../../src/modules/files/retention.ts';
import { createCustomer, createPaidOrder, createStaff, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { daysLater, documentOf, orderWithFiles, setStatus, stored } from './helpers.ts';

/** Decision 026: files are deleted FILE_RETENTION_DAYS after the order is ready, and the order says so. */
describe.each(DATABASES)('file retention on %s', (db) => {
  let app: TestApp;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let customer: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    app = await createTestApp({ db, env: { FILE_RETENTION_DAYS: '30' } });
    staff = await createStaff(app);
    admin = await signInAdmin(app);
    customer = await createCustomer(app, { name: 'Padma Rao' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('deletes an order’s print copy, original and preview 30 days after it is ready, not before; the order keeps its history', async () => {
    const { order, file, keys } = await orderWithFiles(app, customer.record.id);
    await setStatus(app, staff.headers, order.id, 'processing');
    // Not ready yet: however long it waits, its files stay.
    await runCleanup(app.ctx, daysLater(400));
    expect(await stored(app, file.storageKey)).toBe(true);

    await setStatus(app, staff.headers, order.id, 'completed');
    const [ready] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(ready!.completedAt).toBeInstanceOf(Date);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: customer.headers })
    ).json();
    expect(detail.files).toEqual({
      retention_days: 30,
      delete_at: new Date(ready!.completedAt!.getTime() + 30 * 86_400_000).toISOString(),
      deleted_at: null,
      kept_files: 1,
      has_sensitive: false,
      can_delete: false,
    });

    await runCleanup(app.ctx, daysLater(29, ready!.completedAt!.getTime()));
    for (const key of keys) expect(await stored(app, key), key).toBe(true);

    const at = daysLater(30.01, ready!.completedAt!.getTime());
    const run = await runCleanup(app.ctx, at);
    expect(run.retention).toMatchObject({ ordersDone: 1, filesDeleted: 1 });
    for (const key of keys) expect(await stored(app, key), key).toBe(false);
    expect(await app.ctx.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
    expect(await documentOf(app, order.id)).toMatchObject({
      fileId: null,
      fileDeletedReason: 'retention',
      fileDeletedAt: at,
    });
    const [after] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'completed', filesDeletedAt: at, totalAmount: order.totalAmount });
    expect(
      await app.ctx.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id)),
    ).toHaveLength(3);

    // Tracking says when; every download says the file was deleted and why; "Print again" asks for the file.
    const tracked = (
      await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: customer.headers })
    ).json();
    expect(tracked.files).toMatchObject({ deleted_at: at.toISOString(), kept_files: 0, can_delete: false });
    expect(tracked.documents[0]).toMatchObject({
      file_id: null,
      file_deleted_reason: 'retention',
      file_deleted_at: at.toISOString(),
    });
    for (const url of [
      `/api/orders/${order.id}/file`,
      `/api/orders/${order.id}/documents/1/file`,
      `/api/orders/${order.id}/documents/1/original`,
      `/downloads/file?orderId=${order.id}`,
    ]) {
      for (const who of [staff.headers, admin.headers, customer.headers]) {
        const res = await app.inject({ method: 'GET', url, headers: who });
        expect(res.statusCode, url).toBe(410);
        expect(res.json()).toMatchObject({
          code: 'file_deleted',
          message: expect.stringMatching(/^This file was deleted on \d+ \w+ \d{4}, 30 days after the order was ready/),
        });
      }
    }
    const again = (
      await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/reorder`, headers: customer.headers })
    ).json();
    expect(again.documents[0].upload).toBeNull();
    // A second run finds nothing more to do.
    expect((await runCleanup(app.ctx, daysLater(1, at.getTime()))).retention).toMatchObject({
      ordersDone: 0,
      filesDeleted: 0,
    });
  });

  it('restarts the clock when an order goes back to printing, and counts from when it was ready again', async () => {
    const { order, file } = await orderWithFiles(app, customer.record.id);
    await setStatus(app, staff.headers, order.id, 'completed');
    await setStatus(app, staff.headers, order.id, 'processing');
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.completedAt).toBeNull();
    await runFileRetention(app.ctx, daysLater(60));
    expect(await stored(app, file.storageKey)).toBe(true);
    await setStatus(app, staff.headers, order.id, 'completed');
    const [again] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(again!.completedAt).toBeInstanceOf(Date);
    await setStatus(app, staff.headers, order.id, 'collected');
    // Between ready states the clock keeps running from when it became ready.
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.completedAt).toEqual(again!.completedAt);
    // The handover's own work (its sensitive documents) may hold the order's row for a moment, and a retention run
    // skips a locked order (the next run takes it): run it as the clean-up job would, again, until the file is gone.
    await expect
      .poll(async () => {
        await runFileRetention(app.ctx, daysLater(31, row!.completedAt!.getTime()));
        return stored(app, file.storageKey);
      })
      .toBe(false);
  });

  it('keeps a file printed again in a newer order until that order is done with it', async () => {
    const first = await orderWithFiles(app, customer.record.id);
    await setStatus(app, staff.headers, first.order.id, 'completed');
    const second = await orderWithFiles(app, customer.record.id, { fileId: first.file.id });
    await runFileRetention(app.ctx, daysLater(31));
    // The old order no longer holds it; the new one still prints and downloads it.
    expect(await documentOf(app, first.order.id)).toMatchObject({ fileId: null, fileDeletedReason: 'retention' });
    expect(await stored(app, first.file.storageKey)).toBe(true);
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders/${second.order.id}/documents/1/file`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    await setStatus(app, staff.headers, second.order.id, 'collected');
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, second.order.id));
    await runFileRetention(app.ctx, daysLater(31, row!.completedAt!.getTime()));
    expect(await stored(app, first.file.storageKey)).toBe(false);
    expect(await app.ctx.db.select().from(files).where(eq(files.id, first.file.id))).toEqual([]);
  });

  it('several runs at once (several server copies) delete each file once and fail nowhere', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) {
      const o = await orderWithFiles(app, customer.record.id);
      await setStatus(app, staff.headers, o.order.id, 'completed');
      made.push(o);
    }
    // Two of them share one file, released by different runs at the same moment.
    const shared = await orderWithFiles(app, customer.record.id, { fileId: made[0]!.file.id });
    await setStatus(app, staff.headers, shared.order.id, 'completed');
    const runs = await Promise.all([0, 1, 2].map(() => runFileRetention(app.ctx, daysLater(31))));
    expect(runs.reduce((n, r) => n + r.ordersDone, 0)).toBe(7);
    expect(runs.reduce((n, r) => n + r.filesDeleted, 0)).toBe(6);
    for (const o of made) {
      expect(await stored(app, o.file.storageKey)).toBe(false);
      expect(await app.ctx.db.select().from(files).where(eq(files.id, o.file.id))).toEqual([]);
    }
  });

  it('lets the customer delete their own files after collection only; nobody else can', async () => {
    const { order, file, keys } = await orderWithFiles(app, customer.record.id);
    const other = await createCustomer(app);
    const del = (headers: Record<string, string>, ref: string | number = order.orderNumber) =>
      app.inject({ method: 'DELETE', url: `/api/orders/${ref}/files`, headers });

    await setStatus(app, staff.headers, order.id, 'completed');
    const early = await del(customer.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'not_handed_over',
      message: 'You can delete your files once you have collected your order.',
    });
    expect(await stored(app, file.storageKey)).toBe(true);

    await setStatus(app, staff.headers, order.id, 'collected');
    for (const [who, status] of [
      [other.headers, 404],
      [admin.headers, 404],
      [staff.headers, 403],
      [{}, 401],
    ] as const) {
      expect((await del(who)).statusCode).toBe(status);
      expect(await stored(app, file.storageKey)).toBe(true);
    }
    const detail = (
      await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: customer.headers })
    ).json();
    expect(detail.files).toMatchObject({ can_delete: true, kept_files: 1 });

    const done = await del(customer.headers, order.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Your files are deleted.',
      deleted: 1,
      files: { can_delete: false, kept_files: 0, deleted_at: expect.any(String) },
    });
    for (const key of keys) expect(await stored(app, key)).toBe(false);
    expect(await documentOf(app, order.id)).toMatchObject({ fileId: null, fileDeletedReason: 'customer' });
    const staffDownload = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/documents/1/file`,
      headers: staff.headers,
    });
    expect(staffDownload.json()).toMatchObject({
      code: 'file_deleted',
      message: expect.stringMatching(/^The customer deleted this file on /),
    });

    const twice = await del(customer.headers);
    expect(twice.json()).toMatchObject({ message: 'The files of this order are already deleted.', deleted: 0 });
  });

  it('a delivery order: "Delete my files now" waits for delivery; drafts are not orders', async () => {
    const { order } = await orderWithFiles(app, customer.record.id, { deliveryType: 'delivery' });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.orderNumber}/files`,
      headers: customer.headers,
    });
    expect(res.json().message).toBe('You can delete your files once your order is delivered.');
    const draft = await createPaidOrder(app, customer.record.id, {
      status: 'pending_payment',
      paymentStatus: 'pending',
      paidAt: null,
    });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/orders/${draft.orderNumber}/files`, headers: customer.headers }))
        .statusCode,
    ).toBe(404);
  });
});
