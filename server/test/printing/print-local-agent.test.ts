import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createPaidOrder, createStaff, createUploadedFile, signInAdmin } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { cupsSkipReason, TestCups, type PdfQueue } from '../helpers/cups.ts';
import { pdfPages, qrOnPage } from './pdf-checks.ts';
import { waitForJobState } from './support.ts';
import { until } from '../helpers/until.ts';

/** PRINT_AGENT_LOCAL: the server and the printers on one machine, the same agent code running inside the server. */
describe.skipIf(!!cupsSkipReason)('the print agent inside the server (PRINT_AGENT_LOCAL)', () => {
  let app: TestApp;
  let cups: TestCups;
  let queue: PdfQueue;

  beforeAll(async () => {
    cups = await TestCups.start();
    queue = cups.addPdfQueue();
    app = await createTestApp({
      env: { PRINT_AGENT_LOCAL: 'true', PRINT_AGENT_CUPS_URL: cups.url, PRINT_AGENT_PRINTERS: `${queue.queue}=bw_a4` },
    });
    // The agent starts once the server listens, and talks to it over HTTP like any agent.
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await cups?.stop();
  });

  it('shows up as "This server" with the chosen queue, cannot be revoked, and prints a paid order', async () => {
    const admin = await signInAdmin(app);
    const agents = await until(
      async () => {
        const list = (
          await app.inject({ method: 'GET', url: '/api/admin/print/agents', headers: admin.headers })
        ).json() as Array<{
          id: number;
          name: string;
          is_local: boolean;
          online: boolean;
          printers: Array<{ queue: string; role: string }>;
        }>;
        return list.find((a) => a.is_local && a.online && a.printers.length) ? list : undefined;
      },
      'the local agent connected',
      20_000,
    );
    const local = agents.find((a) => a.is_local)!;
    expect(local).toMatchObject({ name: 'This server', printers: [{ queue: queue.queue, role: 'bw_a4' }] });
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/admin/print/agents/${local.id}/token`,
      headers: admin.headers,
    });
    expect(revoke.json().message).toMatch(/PRINT_AGENT_LOCAL/);

    const staff = await createStaff(app);
    const customer = await createCustomer(app);
    const file = await createUploadedFile(app, customer.record.id, 'letter-a4-4p.pdf', 4);
    const order = await createPaidOrder(app, customer.record.id, {
      fileId: file.id,
      filePath: file.storageKey,
      pageCount: 4,
      printingType: 'bw',
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/print/orders/${order.id}`, headers: staff.headers, payload: {} }))
        .statusCode,
    ).toBe(201);
    await waitForJobState(app, staff.headers, order.id, 'printed');
    const [out] = await cups.waitForOutputs(queue, 1);
    expect(pdfPages(out!)).toBe(5);
    expect(qrOnPage(out!, 1)).toBe(order.orderNumber);
  });
});
