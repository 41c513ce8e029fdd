import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { files, orders, printJobs } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AgentRow } from './agents.service.ts';
import { agentJob } from './agent-queue.ts';
import { publishJob } from './jobs.service.ts';
import { PrintDocumentError } from './print-document-error.ts';
import { runPrintWork } from './print-worker-client.ts';
import { sheetsOf } from './printing-dto.ts';
import { ticketDataFor } from './ticket-data.ts';
import { documentAt, documentsOfOrderRow, type OrdersContext } from '../orders/index.ts';

/** Stored documents are at most 10 MB today; this bounds what one print job can make the server hold in memory. */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024;

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new PrintDocumentError('The document is too large to print from here.');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

async function orderOf(ctx: OrdersContext, orderId: number) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound('Order not found');
  return order;
}

/** The ticket sheet of an order on its own ("Print ticket" on the order card). */
export async function orderTicket(
  ctx: OrdersContext,
  orderId: number,
): Promise<{ pdf: Uint8Array; orderNumber: string }> {
  const order = await orderOf(ctx, orderId);
  if (order.status === 'pending_payment') throw notFound('Order not found');
  const { pdf } = await runPrintWork({
    op: 'ticket',
    ticket: ticketDataFor(ctx.config, order, await documentsOfOrderRow(ctx.db, order)),
  });
  return { pdf, orderNumber: order.orderNumber };
}

/**
 * The print-ready PDF the agent downloads for a job it has taken: ticket, then the paid pages × copies (one pass of
 * a manual duplex job). A document that cannot be made fails the job here, with the reason, instead of at the printer.
 */
export async function jobDocument(ctx: OrdersContext, agent: AgentRow, jobId: number, attempt: number, pass: number) {
  const { job, printer } = await agentJob(ctx, agent, jobId, attempt, pass);
  if (job.state !== 'sent')
    throw new AppError('stale_job', 409, 'This print job is not waiting to be sent to the printer.');
  const order = await orderOf(ctx, job.orderId);
  try {
    const s = job.settings;
    const doc = (await documentAt(ctx.db, order, s.document ?? 1)) ?? (await documentsOfOrderRow(ctx.db, order))[0]!;
    // A PVC card is printed on its card, with no ticket sheet in front.
    const withTicket = doc.printingType !== 'pvc';
    const [file] = job.fileId ? await ctx.db.select().from(files).where(eq(files.id, job.fileId)).limit(1) : [];
    const object = file ? await ctx.storage.get(file.storageKey) : null;
    if (!object) throw new PrintDocumentError('The order’s document is no longer stored.');
    const source = await readAll(object.stream, MAX_SOURCE_BYTES);
    const ticket = withTicket
      ? ticketDataFor(ctx.config, order, [doc], {
          id: job.id,
          attempt: job.attempt,
          settings: s,
          sheets: sheetsOf(job, true),
          printer: { name: printer.displayName || printer.queueName, role: printer.role },
        })
      : null;
    const bytes = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    return await runPrintWork(
      {
        op: 'document',
        ticket,
        document: {
          source: bytes,
          pages: s.pages,
          copies: s.copies,
          duplex: s.sides !== 'one-sided' || s.manualDuplex,
          pass: s.manualDuplex ? (pass as 1 | 2) : undefined,
        },
      },
      source.byteOffset === 0 && source.byteLength === source.buffer.byteLength ? [source.buffer as ArrayBuffer] : [],
    );
  } catch (err) {
    if (!(err instanceof PrintDocumentError)) throw err;
    const [failed] = await ctx.db
      .update(printJobs)
      .set({ state: 'failed', error: err.message, updatedAt: new Date() })
      .where(eq(printJobs.id, job.id))
      .returning();
    await publishJob(ctx, failed!);
    throw new AppError('job_failed', 409, err.message);
  }
}
