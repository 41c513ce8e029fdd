import fs from 'node:fs';
import path from 'node:path';
import { PrintAgent, type PrinterChoice } from '@shop/print-agent';
import type { PrintJobDto } from '@shop/shared/printing/schemas';
import { createCustomer, createPaidOrder, createUploadedFile } from '../factories/index.ts';
import type { TestApp } from '../helpers/app.ts';
import type { PdfQueue, TestCups } from '../helpers/cups.ts';
import { recordSecret } from '../helpers/log-capture.ts';
import { until } from '../helpers/until.ts';

export {
  identifyPages,
  identifyRasterPages,
  pdfPages,
  qrOnPage,
  qrOnRasterPage,
  rasterHasColour,
} from './pdf-checks.ts';

/** Shared steps of the printing tests: an agent registered by the admin, running next to a private CUPS. */

export async function registerAgent(
  app: TestApp,
  adminHeaders: Record<string, string>,
  name = 'Counter PC',
): Promise<{ id: number; token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/print/agents',
    headers: adminHeaders,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`register agent: ${res.statusCode} ${res.body}`);
  const body = res.json() as { agent: { id: number }; token: string };
  recordSecret('secret', body.token);
  return { id: body.agent.id, token: body.token };
}

/** The print agent running against the shop at `base`: through `cups` with its `printers`, or with no CUPS at all. */
export function startAgent(opts: {
  base: string;
  token: string;
  cups?: TestCups;
  printers?: PrinterChoice[];
  journalFile: string;
  watchMs?: number;
}) {
  const agent = new PrintAgent({
    server: opts.base,
    token: opts.token,
    cupsUrl: opts.cups?.url ?? null,
    printers: opts.printers,
    journalFile: opts.journalFile,
    watchMs: opts.watchMs ?? 300,
    version: 'test',
  });
  const running = agent.run().catch((err: unknown) => err as Error);
  return { agent, running };
}

/** The document the printing tests print: 4 A4 pages of text. */
export const PRINT_DOC = 'letter-a4-4p.pdf';

/** A paid order of Lakshmi Devi's upload of `fixture` (`pages` pages); `overrides` set its options and fields. */
export async function paidPrintOrder(
  app: TestApp,
  overrides: Record<string, unknown> = {},
  fixture = PRINT_DOC,
  pages = 4,
) {
  const customer = await createCustomer(app, { name: 'Lakshmi Devi' });
  const file = await createUploadedFile(app, customer.record.id, fixture, pages);
  return createPaidOrder(app, customer.record.id, {
    fileId: file.id,
    filePath: file.storageKey,
    originalFilename: fixture,
    pageCount: pages,
    ...overrides,
  });
}

export async function jobOf(
  app: TestApp,
  headers: Record<string, string>,
  orderId: number,
): Promise<PrintJobDto | undefined> {
  const res = await app.inject({ method: 'GET', url: `/api/print/jobs?orders=${orderId}`, headers });
  return (res.json() as PrintJobDto[])[0];
}

export const waitForJobState = (
  app: TestApp,
  headers: Record<string, string>,
  orderId: number,
  state: string,
  ms = 30_000,
) =>
  until(
    async () => {
      const job = await jobOf(app, headers, orderId);
      return job?.state === state ? job : undefined;
    },
    `job of order ${orderId} in state ${state}`,
    ms,
  );

/** The printer row the agent reported for a queue, once it has said hello. */
export const printerIdOf = async (app: TestApp, adminHeaders: Record<string, string>, queue: string) =>
  until(
    async () => {
      const res = await app.inject({ method: 'GET', url: '/api/admin/print/agents', headers: adminHeaders });
      const agents = res.json() as Array<{ printers: Array<{ id: number; queue: string }> }>;
      return agents.flatMap((a) => a.printers).find((p) => p.queue === queue)?.id;
    },
    `printer ${queue} reported`,
    15_000,
  );

export function outputsOf(q: PdfQueue): string[] {
  return fs.existsSync(q.outDir)
    ? fs
        .readdirSync(q.outDir)
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => path.join(q.outDir, f))
    : [];
}
