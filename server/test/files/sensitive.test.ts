import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentJob } from '@shop/shared/printing/schemas';
import { orderDocuments, orders } from '../../src/db/schema/index.ts';
import { runCleanup } from '../../src/modules/files/cleanup.ts';
import {
  createCustomer,
  createService,
  createStaff,
  createUploadedFile,
  printOptions,
  signInAdmin,
} from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { draftDocuments, payDraft } from '../payments/flow.ts';
import { registerAgent } from '../printing/support.ts';
import { documentOf, orderWithFiles, setStatus, stored } from './helpers.ts';

const SENSITIVE = 'This is a sensitive document (ID card, certificate): the shop can print it but not download it.';

/** Decision 026: a sensitive document is printed but never downloaded by the shop, and deleted at handover. */
describe.each(DATABASES)('sensitive documents on %s', (db) => {
  let app: TestApp;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let customer: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    app = await createTestApp({ db });
    staff = await createStaff(app);
    admin = await signInAdmin(app);
    customer = await createCustomer(app, { name: 'Sravani K' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is ticked per document at checkout and kept on the document', async () => {
    const service = await createService(app);
    const id = await createUploadedFile(app, customer.record.id, 'letter-a4-4p.pdf', 4);
    const marks = await createUploadedFile(app, customer.record.id, 'page-a4-1p.pdf', 1);
    const documents = [
      { fileId: id.id, options: printOptions(service.id), sensitive: true },
      { fileId: marks.id, options: printOptions(service.id) },
    ];
    const draft = await draftDocuments(app, customer, documents, { deliveryType: 'pickup' });
    await payDraft(app, customer, draft);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/orders/${draft.orderNumber}`, headers: customer.headers })
    ).json();
    expect(detail.documents.map((d: { sensitive: boolean }) => d.sensitive)).toEqual([true, false]);
    expect(detail.files).toMatchObject({ has_sensitive: true });
    const counter = (
      await app.inject({
        method: 'GET',
        url: `/api/staff/orders?search=${draft.orderNumber}`,
        headers: staff.headers,
      })
    ).json();
    expect(counter[0].documents.map((d: { sensitive: boolean }) => d.sensitive)).toEqual([true, false]);

    // "Print again" keeps the tick; and the same file in a new order without it is still sensitive.
    const again = (
      await app.inject({
        method: 'GET',
        url: `/api/orders/${draft.orderNumber}/reorder`,
        headers: customer.headers,
      })
    ).json();
    expect(again.documents.map((d: { sensitive: boolean }) => d.sensitive)).toEqual([true, false]);
    const untick = [{ fileId: id.id, options: printOptions(service.id) }];
    const second = await draftDocuments(app, customer, untick, { deliveryType: 'pickup' });
    expect((await documentOf(app, second.orderId)).sensitive).toBe(true);
  });

  it('refuses every download path to staff and the admin; the customer still opens their own', async () => {
    const { order, file } = await orderWithFiles(app, customer.record.id, { sensitive: true });
    const key = order.document.filePath.split('/').pop()!;
    const paths = [
      `/api/orders/${order.id}/file`,
      `/api/orders/${order.orderNumber}/file`,
      `/api/orders/${order.id}/documents/1/file`,
      `/api/orders/${order.id}/documents/1/original`,
      `/downloads/file?key=${encodeURIComponent(key)}&orderId=${order.id}&originalFilename=x.pdf`,
      `/downloads/file?orderId=${order.orderNumber}`,
      `/api/direct-object-download?key=${encodeURIComponent(key)}&orderId=${order.id}`,
    ];
    for (const url of paths) {
      for (const [who, headers] of [
        ['staff', staff.headers],
        ['admin', admin.headers],
      ] as const) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'sensitive_document', message: SENSITIVE });
      }
    }
    // The admin's file manager lists it, marked, without a download; asking anyway is refused.
    const list = (
      await app.inject({ method: 'GET', url: '/api/admin/files/list?pageSize=100', headers: admin.headers })
    ).json();
    expect(list.files.find((f: { id: string }) => f.id === file.id)).toMatchObject({
      sensitive: true,
      downloadUrl: null,
      deleteRule: 'after_handover',
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/files/${file.id}/download`, headers: admin.headers }))
        .statusCode,
    ).toBe(403);
    // The stored objects are only reachable through these routes: no route takes a raw storage key any more.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/files/download?key=${encodeURIComponent(file.storageKey)}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/pdf/${file.id}/file`, headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/pdf/${file.id}/preview`, headers: admin.headers })).statusCode,
    ).toBe(404);
    // Still unvisited: a refused download marks nothing.
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('unvisited');

    for (const url of [
      `/api/orders/${order.id}/file`,
      `/api/orders/${order.id}/documents/1/file`,
      `/api/pdf/${file.id}/file`,
      `/api/pdf/${file.id}/pages/1`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: customer.headers });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('still reaches the printer: the print agent gets the document', async () => {
    const { order } = await orderWithFiles(app, customer.record.id, { sensitive: true });
    const agent = await registerAgent(app, admin.headers, 'Sensitive test PC');
    const h = { authorization: `Bearer ${agent.token}` };
    const printer = {
      queue: 'IdPrinter',
      info: 'IdPrinter',
      makeAndModel: 'Test',
      state: 'idle',
      stateReasons: ['none'],
      stateMessage: '',
      accepting: true,
      suggestedRole: 'bw_a4',
      capabilities: { media: ['iso_a4_210x297mm'], color: false, duplex: true, pdf: true },
    };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/agent/hello',
          headers: h,
          payload: { version: 'test', printers: [printer] },
        })
      ).statusCode,
    ).toBe(200);
    const made = await app.inject({
      method: 'POST',
      url: `/api/print/orders/${order.id}`,
      headers: staff.headers,
      payload: {},
    });
    expect(made.statusCode, made.body).toBe(201);
    const jobs = (await app.inject({ method: 'GET', url: '/api/agent/jobs?wait=0', headers: h })).json()
      .jobs as AgentJob[];
    const pdf = await app.inject({ method: 'GET', url: jobs[0]!.documentUrl, headers: h });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is deleted the moment the order is collected; the order’s other documents stay for the retention period', async () => {
    const { order, file, keys } = await orderWithFiles(app, customer.record.id, { sensitive: true });
    const plain = await createUploadedFile(app, customer.record.id, 'page-a4-1p.pdf', 1);
    const first = await documentOf(app, order.id);
    await app.ctx.db.insert(orderDocuments).values({
      ...first,
      id: undefined,
      position: 2,
      fileId: plain.id,
      filePath: plain.storageKey,
      originalFilename: 'marks memo.pdf',
      sensitive: false,
    });

    await setStatus(app, staff.headers, order.id, 'completed');
    expect(await stored(app, file.storageKey)).toBe(true);
    await setStatus(app, staff.headers, order.id, 'collected');
    for (const key of keys) expect(await stored(app, key), key).toBe(false);
    expect(await stored(app, plain.storageKey)).toBe(true);
    expect(await documentOf(app, order.id)).toMatchObject({ fileId: null, fileDeletedReason: 'sensitive' });
    const gone = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/documents/1/file`,
      headers: customer.headers,
    });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/^This sensitive document was deleted when the order was handed over on /);
    const kept = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/documents/2/file`,
      headers: staff.headers,
    });
    expect(kept.statusCode).toBe(200);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: customer.headers })
    ).json();
    expect(detail.files).toMatchObject({ kept_files: 1, has_sensitive: true, can_delete: true, deleted_at: null });
  });

  it('the clean-up deletes any a failed handover left behind', async () => {
    const { order, file } = await orderWithFiles(app, customer.record.id, { sensitive: true });
    // Collected without the listener (written straight to the database, as a crash between commit and listener would leave it).
    await app.ctx.db
      .update(orders)
      .set({ status: 'delivered', completedAt: new Date() })
      .where(eq(orders.id, order.id));
    expect(await stored(app, file.storageKey)).toBe(true);
    const run = await runCleanup(app.ctx);
    expect(run.retention.sensitiveDone).toBeGreaterThanOrEqual(1);
    expect(await stored(app, file.storageKey)).toBe(false);
    expect(await documentOf(app, order.id)).toMatchObject({ fileId: null, fileDeletedReason: 'sensitive' });
  });
});
