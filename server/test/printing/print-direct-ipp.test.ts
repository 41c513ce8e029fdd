import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PrintAgent } from '@shop/print-agent';
import { decodePwgRaster } from '@shop/print-agent/pwg-raster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, printJobs } from '../../src/db/schema/index.ts';
import { casesPdf } from '../helpers/colour-cases.ts';
import { createCustomer, createPaidOrder, createStaff, fixturePdf, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/free-port.ts';
import { ippEverywhereSkipReason, TestIppPrinter, type ReceivedJob } from '../helpers/ipp-everywhere.ts';
import {
  identifyPages,
  identifyRasterPages,
  paidPrintOrder,
  pdfPages,
  PRINT_DOC,
  qrOnPage,
  qrOnRasterPage,
  rasterHasColour,
  registerAgent,
  startAgent,
  waitForJobState,
} from './support.ts';
import { until } from '../helpers/until.ts';

/**
 * Printing without a print server (decision 035): the agent runs with no CUPS at all, as on a
 * Windows counter PC, and prints straight to two real IPP Everywhere printers (ippeveprinter) the admin added by
 * address: one that takes PDF, one that takes only PWG raster (the agent renders the pages). What arrives in each
 * printer's spool is the paper the shop would get: ticket first, the paid pages, copies, sides and colour as paid.
 */
const skip = ippEverywhereSkipReason;
if (skip) console.warn(`[printing] skipped: ${skip}`);

/** Two copies of the 4-page document, two-sided: the ticket and its blank back, then 1 2 3 4 1 2 3 4 (5 sheets). */
const TWO_COPIES_TWO_SIDED = ['other', 'blank', 'p1', 'p2', 'p3', 'p4', 'p1', 'p2', 'p3', 'p4'];

describe.skipIf(!!skip).each(DATABASES)('printing straight to IPP Everywhere printers on %s', (db) => {
  let app: TestApp & { dataDir: string };
  let pdfPrinter: TestIppPrinter;
  let rasterPrinter: TestIppPrinter;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let agent: PrintAgent;
  let running: Promise<unknown>;
  let base: string;
  let agentId: number;
  const printerIds: Record<string, number> = {};
  const source = fixturePdf(PRINT_DOC);

  const adminGet = async () =>
    (await app.inject({ method: 'GET', url: '/api/admin/print/agents', headers: admin.headers })).json() as Array<{
      id: number;
      prints_direct: boolean;
      online: boolean;
      printers: Array<{
        id: number;
        queue: string;
        uri: string | null;
        state: string;
        problem: string | null;
        capabilities: { format?: string; color: boolean; duplex: boolean; media: string[] };
      }>;
    }>;
  const setRole = (name: string, role: string | null) =>
    app.inject({
      method: 'PATCH',
      url: `/api/admin/print/printers/${printerIds[name]}`,
      headers: admin.headers,
      payload: { role },
    });

  beforeAll(async () => {
    pdfPrinter = await TestIppPrinter.start({
      name: `shop-pdf-${process.pid}`,
      formats: 'application/pdf,image/pwg-raster',
      colour: false,
      duplex: true,
    });
    rasterPrinter = await TestIppPrinter.start({
      name: `shop-raster-${process.pid}`,
      formats: 'image/pwg-raster',
      colour: true,
      duplex: true,
    });
    app = await createTestApp({ db });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signInAdmin(app);
    staff = await createStaff(app);
    const registered = await registerAgent(app, admin.headers, 'Counter PC (Windows)');
    agentId = registered.id;
    ({ agent, running } = startAgent({
      base,
      token: registered.token,
      journalFile: path.join(app.dataDir, 'agent', 'journal.jsonl'),
    }));
    // It has no CUPS and says it prints straight: the admin's screen offers adding printers by address.
    await until(
      async () => (await adminGet()).find((a) => a.id === agentId && a.online && a.prints_direct),
      'the agent online',
      15_000,
    );
  });
  afterAll(async () => {
    agent?.stop();
    await running;
    await app?.close();
    await pdfPrinter?.stop();
    await rasterPrinter?.stop();
  });

  const paidOrder = (overrides: Record<string, unknown>, fixture = PRINT_DOC, pages = 4) =>
    paidPrintOrder(app, overrides, fixture, pages);
  const print = (orderId: number) =>
    app.inject({ method: 'POST', url: `/api/print/orders/${orderId}`, headers: staff.headers, payload: {} });
  const arrived = async (printer: TestIppPrinter, count: number) =>
    until(
      () => (printer.received().length >= count ? printer.received() : undefined),
      `${count} documents at the printer`,
      60_000,
    );
  const attributesOf = (job: ReceivedJob) => ({
    copies: job.attributes.IPP_COPIES,
    sides: job.attributes.IPP_SIDES,
    media: job.attributes.IPP_MEDIA,
    colour: job.attributes.IPP_PRINT_COLOR_MODE,
    format: job.attributes.IPP_DOCUMENT_FORMAT_SUPPLIED ?? job.attributes.IPP_DOCUMENT_FORMAT,
  });

  it('the admin adds both printers by their IPP address; the agent reads them at once: PDF for one, PWG raster for the other', async () => {
    const add = (name: string, uri: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/print/agents/${agentId}/printers`,
        headers: admin.headers,
        payload: { name, uri },
      });
    // Bad addresses are refused with the reason, and change nothing.
    for (const [uri, message] of [
      ['192.168.1.20', /IPP address/],
      ['ftp://192.168.1.20/print', /starts with ipp:\/\//],
      ['ipp://admin:secret@192.168.1.20/ipp/print', /user name and password/],
    ] as const) {
      const res = await add('Bad', uri);
      expect(res.statusCode, uri).toBe(400);
      expect(res.json().fields.uri, uri).toMatch(message);
    }
    expect((await add('has space', pdfPrinter.uri)).json().fields.name).toMatch(/letters, digits/);
    // The admin's only: a clerk and a customer are refused.
    for (const who of [staff, await createCustomer(app)]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/print/agents/${agentId}/printers`,
        headers: who.headers,
        payload: { name: 'X', uri: pdfPrinter.uri },
      });
      expect(res.statusCode).toBe(403);
    }

    const laser = await add('Office_Laser', pdfPrinter.uri);
    expect(laser.statusCode, laser.body).toBe(201);
    expect(laser.json()).toMatchObject({ queue: 'Office_Laser', uri: pdfPrinter.uri, online: false });
    expect((await add('Office_Laser', rasterPrinter.uri)).json()).toMatchObject({ code: 'printer_name_taken' });
    expect((await add('Colour_Tank', rasterPrinter.uri)).statusCode).toBe(201);

    const printers = await until(
      async () => {
        const mine = (await adminGet()).find((a) => a.id === agentId)!.printers;
        return mine.length === 2 && mine.every((p) => p.capabilities.format && p.state === 'idle') ? mine : undefined;
      },
      'both printers read by the agent',
      20_000,
    );
    for (const p of printers) printerIds[p.queue] = p.id;
    expect(printers.find((p) => p.queue === 'Office_Laser')).toMatchObject({
      problem: null,
      capabilities: { format: 'application/pdf', color: false, duplex: true },
    });
    expect(printers.find((p) => p.queue === 'Colour_Tank')).toMatchObject({
      problem: null,
      capabilities: { format: 'image/pwg-raster', color: true, duplex: true },
    });
    expect(printers.find((p) => p.queue === 'Colour_Tank')!.capabilities.media).toContain('iso_a4_210x297mm');
    expect((await setRole('Office_Laser', 'bw_a4')).statusCode).toBe(200);
    expect((await setRole('Colour_Tank', 'color_a4')).statusCode).toBe(200);
  });

  // The printing tests below wait up to 60 or 90 s for the printed state alone (pages rendered at 300 dpi, sent, read
  // back and decoded took over a minute on a busy 2-core machine), so each has the 180 s a busy machine gets
  // (decision 047), not vitest's 60.
  it('a PDF printer gets the PDF: the ticket, then the pages, two collated copies, two-sided long edge, monochrome A4', async () => {
    const before = pdfPrinter.received().length;
    const order = await paidOrder({ copies: 2, printingType: 'bw', sides: 'double', deliveryType: 'pickup' });
    const res = await print(order.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ printer: { queue: 'Office_Laser', role: 'bw_a4' }, copies: 2 });
    const job = await waitForJobState(app, staff.headers, order.id, 'printed', 60_000);
    const [got] = (await arrived(pdfPrinter, before + 1)).slice(before);
    expect(got!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(attributesOf(got!)).toEqual({
      copies: '1',
      sides: 'two-sided-long-edge',
      media: 'iso_a4_210x297mm',
      colour: 'monochrome',
      format: 'application/pdf',
    });
    // ippeveprinter escapes brackets in what it hands its command.
    expect(got!.attributes.IPP_JOB_NAME!.replaceAll('\\', '')).toBe(`${order.orderNumber} [shop-job ${job.id}.1.1]`);
    // Ticket, its blank back, then 1 2 3 4 1 2 3 4: what the duplexer turns into 5 sheets.
    expect(pdfPages(got!.file)).toBe(10);
    expect(qrOnPage(got!.file, 1)).toBe(order.orderNumber);
    expect(identifyPages(got!.file, source)).toEqual(TWO_COPIES_TWO_SIDED);
  });

  it('a raster-only printer gets pages the agent rendered: colour as sRGB, one-sided, ticket first', async () => {
    const colourFile = path.join(app.dataDir, 'colour-cases.pdf');
    fs.writeFileSync(colourFile, await casesPdf());
    const customer = await createCustomer(app);
    const bytes = fs.readFileSync(colourFile);
    const id = crypto.randomUUID();
    const storageKey = `orders/${customer.record.id}/${id}.pdf`;
    await app.ctx.storage.put(storageKey, bytes, 'application/pdf');
    await app.ctx.db.insert(files).values({
      id,
      ownerUserId: customer.record.id,
      kind: 'order_pdf',
      storageKey,
      originalFilename: 'cases.pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      pageCount: 7,
      pageSizes: [{ width: 595, height: 842, size: 'a4', count: 7 }],
    });
    const order = await createPaidOrder(app, customer.record.id, {
      fileId: id,
      filePath: storageKey,
      originalFilename: 'cases.pdf',
      pageCount: 7,
      copies: 1,
      printingType: 'color',
      sides: 'single',
    });
    const before = rasterPrinter.received().length;
    expect((await print(order.id)).json()).toMatchObject({ printer: { queue: 'Colour_Tank' } });
    await waitForJobState(app, staff.headers, order.id, 'printed', 90_000);
    const [got] = (await arrived(rasterPrinter, before + 1)).slice(before);
    expect(attributesOf(got!)).toEqual({
      copies: '1',
      sides: 'one-sided',
      media: 'iso_a4_210x297mm',
      colour: 'color',
      format: 'image/pwg-raster',
    });
    const pages = decodePwgRaster(got!.bytes);
    expect(pages).toHaveLength(1 + 7);
    for (const p of pages) {
      expect(p.header).toMatchObject({
        mediaClass: 'PwgRaster',
        colorSpace: 19,
        numColors: 3,
        resolution: [300, 300],
        pageSizePoints: [595, 842],
        duplex: false,
        totalPageCount: 8,
        pageSizeName: 'iso_a4_210x297mm',
      });
    }
    expect(qrOnRasterPage(pages[0]!)).toBe(order.orderNumber);
    // The colour arrives as the PDF has it: black, rich black and grey pages without chroma; the red logo, the photo,
    // the blue text and the red dot in colour.
    expect(pages.slice(1).map(rasterHasColour)).toEqual([false, false, false, true, true, true, true]);
    // CUPS' own raster reader takes the stream too (cups-filters' rastertopdf): a printer's firmware would.
    const pdf = path.join(app.dataDir, 'from-raster.pdf');
    fs.writeFileSync(
      pdf,
      execFileSync('/usr/lib/cups/filter/rastertopdf', ['1', 'shop', 'test', '1', '', got!.file], {
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 256 * 1024 * 1024,
      }),
    );
    expect(pdfPages(pdf)).toBe(8);
  });

  it('monochrome two-sided on the raster printer: grey pages, back sides turned as the printer asks, two collated copies', async () => {
    // The colour printer is the shop's only printer for this job.
    await setRole('Office_Laser', null);
    await setRole('Colour_Tank', 'bw_a4');
    try {
      const before = rasterPrinter.received().length;
      const order = await paidOrder({ copies: 2, printingType: 'bw', sides: 'double' });
      expect((await print(order.id)).json()).toMatchObject({ printer: { queue: 'Colour_Tank' }, manual_duplex: false });
      await waitForJobState(app, staff.headers, order.id, 'printed', 90_000);
      const [got] = (await arrived(rasterPrinter, before + 1)).slice(before);
      expect(attributesOf(got!)).toEqual({
        copies: '1',
        sides: 'two-sided-long-edge',
        media: 'iso_a4_210x297mm',
        colour: 'monochrome',
        format: 'image/pwg-raster',
      });
      const pages = decodePwgRaster(got!.bytes);
      expect(pages).toHaveLength(10);
      expect(pages.every((p) => p.header.colorSpace === 18 && p.header.numColors === 1 && p.header.duplex)).toBe(true);
      // ippeveprinter wants back sides "rotated": every second page is turned half round, and says so.
      expect(pages.map((p) => [p.header.crossFeedTransform, p.header.feedTransform])).toEqual(
        pages.map((_, i) => (i % 2 ? [-1, -1] : [1, 1])),
      );
      expect(qrOnRasterPage(pages[0]!)).toBe(order.orderNumber);
      expect(identifyRasterPages(pages, source)).toEqual(TWO_COPIES_TWO_SIDED);
    } finally {
      await setRole('Colour_Tank', 'color_a4');
      await setRole('Office_Laser', 'bw_a4');
    }
  });

  it('nothing printed twice: the same job handed to an agent that lost its journal is found at the printer, not sent again', async () => {
    const order = await paidOrder({ printingType: 'bw', sides: 'single' });
    const before = pdfPrinter.received().length;
    expect((await print(order.id)).statusCode).toBe(201);
    const job = await waitForJobState(app, staff.headers, order.id, 'printed', 60_000);
    await arrived(pdfPrinter, before + 1);
    // A second agent process (a restart with its journal gone) is handed the same attempt.
    const fresh = new PrintAgent({
      server: base,
      token: 'psa_unused',
      cupsUrl: null,
      journalFile: path.join(app.dataDir, 'agent-lost', 'journal.jsonl'),
      version: 'test',
    });
    fresh.setDirectPrinters([{ queue: 'Office_Laser', uri: pdfPrinter.uri }]);
    await fresh.readPrinters();
    await fresh
      .process({
        id: job.id,
        attempt: 1,
        pass: 1,
        key: `${job.id}.1.1`,
        queue: 'Office_Laser',
        jobName: `${order.orderNumber} [shop-job ${job.id}.1.1]`,
        documentUrl: `/api/agent/jobs/${job.id}/document?attempt=1&pass=1`,
        ipp: { copies: 1, sides: 'one-sided', media: 'iso_a4_210x297mm', 'print-color-mode': 'monochrome' },
        pages: 4,
      })
      .catch(() => undefined);
    expect(pdfPrinter.received().length).toBe(before + 1);
    // It found the job at the printer by the key in its name, and wrote that down before anything else.
    const journal = fs.readFileSync(path.join(app.dataDir, 'agent-lost', 'journal.jsonl'), 'utf8');
    expect(journal).toContain(`"key":"${job.id}.1.1","queue":"Office_Laser","event":"submitted"`);
  });

  it('a printer removed by the admin is no longer printed to; one with a job on its way cannot be removed', async () => {
    const closed = await freePort(); // nothing listens there: a printer switched off
    const add = await app.inject({
      method: 'POST',
      url: `/api/admin/print/agents/${agentId}/printers`,
      headers: admin.headers,
      payload: { name: 'Spare', uri: `ipp://127.0.0.1:${closed}/ipp/print` },
    });
    expect(add.statusCode).toBe(201);
    // Switched off (nothing listens there): shown as not answering, with the reason.
    const spare = await until(
      async () =>
        (await adminGet())
          .find((a) => a.id === agentId)!
          .printers.find((p) => p.queue === 'Spare' && p.problem?.includes('offline')),
      'the unreachable printer reported',
      30_000,
    );
    expect(spare.problem).toContain(`not answering at ipp://127.0.0.1:${closed}`);
    // A job waiting for it: not removed (the job would lose its printer), said plainly.
    const order = await paidOrder({ printingType: 'bw' });
    const settings = {
      copies: 1,
      sides: 'one-sided',
      media: 'iso_a4_210x297mm',
      colorMode: 'monochrome',
      manualDuplex: false,
      paperSize: 'a4',
      pages: null,
      documentPages: 4,
    } as const;
    const [waiting] = await app.ctx.db
      .insert(printJobs)
      .values({ orderId: order.id, printerId: spare.id, settings, state: 'queued', requestedByKind: 'admin' })
      .returning();
    const busy = await app.inject({
      method: 'DELETE',
      url: `/api/admin/print/printers/${spare.id}`,
      headers: admin.headers,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('printer_in_use');
    await app.ctx.db.update(printJobs).set({ state: 'cancelled' }).where(eq(printJobs.id, waiting!.id));
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/admin/print/printers/${printerIds.Office_Laser}`,
          headers: staff.headers,
        })
      ).statusCode,
    ).toBe(403);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/print/printers/${spare.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await adminGet())
        .find((a) => a.id === agentId)!
        .printers.map((p) => p.queue)
        .sort(),
    ).toEqual(['Colour_Tank', 'Office_Laser']);
    const cupsQueue = await app.inject({
      method: 'DELETE',
      url: `/api/admin/print/printers/999999`,
      headers: admin.headers,
    });
    expect(cupsQueue.statusCode).toBe(404);
  });
});
