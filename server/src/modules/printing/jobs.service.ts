import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@shop/shared/common/errors';
import {
  ACTIVE_PRINT_JOB_STATES,
  PRINTER_ROLE_LABELS,
  roleForPrint,
  type PrinterRole,
} from '@shop/shared/printing/schemas';
import { paperSizeLabel } from '@shop/shared/common/options';
import type { AppContext } from '../../context.ts';
import { orders, printAgents, printers, printJobs, type PrintJobSettings } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { backOfficeActorOf } from '../../plugins/auth.ts';
import {
  changeOrderStatus,
  documentsOfOrderRow,
  hasFinishing,
  markOrderVisited,
  printedPagesOf,
  type OrderDocumentRow,
  type OrdersContext,
} from '../orders/index.ts';
import { isAgentOnline, type AgentRow, type PrinterRow } from './agents.service.ts';
import { lacksMedia, mediaFor } from './media.ts';

export type JobRow = typeof printJobs.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

export interface Actor {
  kind: 'staff' | 'admin';
  id: number;
  name: string;
}

/** Who pressed Print (the staff member or the admin). */
export const actorOf = (request: FastifyRequest): Actor => backOfficeActorOf(request);

const refuse = (code: ErrorCode, message: string) => new AppError(code, 409, message);

/** A black & white job may go to the colour printer when the shop has no black & white one. */
const FALLBACK: Partial<Record<PrinterRole, PrinterRole>> = { bw_a4: 'color_a4' };

/**
 * The printer for a role: one whose agent is connected and which accepts jobs comes first, then the one with the
 * fewest jobs in hand. A printer of an offline agent (or one whose token was revoked) is still chosen when it is the
 * only one: the job waits for it, and prints once the agent is back.
 */
async function pickPrinter(tx: Tx, role: PrinterRole): Promise<{ row: PrinterRow; agent: AgentRow } | null> {
  const roles = [role, FALLBACK[role]].filter((r): r is PrinterRole => !!r);
  const candidates = await tx
    .select({ row: printers, agent: printAgents })
    .from(printers)
    .innerJoin(printAgents, eq(printAgents.id, printers.agentId))
    .where(and(inArray(printers.role, roles), eq(printers.isPresent, true)));
  if (candidates.length === 0) return null;
  const load = await tx
    .select({ printerId: printJobs.printerId, n: sql<number>`count(*)::int` })
    .from(printJobs)
    .where(
      and(
        inArray(
          printJobs.printerId,
          candidates.map((c) => c.row.id),
        ),
        inArray(printJobs.state, [...ACTIVE_PRINT_JOB_STATES]),
      ),
    )
    .groupBy(printJobs.printerId);
  const busy = new Map(load.map((l) => [l.printerId, l.n]));
  const score = (c: (typeof candidates)[number]) => [
    isAgentOnline(c.agent) ? 0 : c.agent.tokenHash ? 1 : 2,
    c.row.isAccepting && c.row.state !== 'stopped' ? 0 : 1,
    c.row.role === role ? 0 : 1,
    busy.get(c.row.id) ?? 0,
    c.row.id,
  ];
  candidates.sort((a, b) => {
    const [x, y] = [score(a), score(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  });
  return candidates[0]!;
}

/** The settings a document was paid for, as this printer takes them; refuses what the printer cannot do. */
export function settingsFor(order: OrderDocumentRow, printer: PrinterRow): PrintJobSettings {
  const caps = printer.capabilities;
  const name = printer.displayName || printer.queueName;
  // Capabilities are known once the agent has reported the printer; an unreported printer is given the benefit of the doubt.
  const reported = caps.media.length > 0 || caps.pdf;
  if (reported && !caps.pdf)
    throw refuse(
      'printer_no_pdf',
      `${name} does not accept PDF files. Choose another printer for it on the Printers screen.`,
    );
  if (reported && order.printingType !== 'bw' && !caps.color)
    throw refuse('printer_no_colour', `${name} prints in black & white only; this order was paid for colour.`);
  if (lacksMedia(order.paperSize, order.printingType, caps.media)) {
    throw refuse(
      'printer_no_media',
      `${name} does not list ${order.printingType === 'pvc' ? 'PVC card' : paperSizeLabel(order.paperSize)} paper.`,
    );
  }
  const twoSided = order.sides === 'double';
  return {
    copies: order.copies,
    sides: twoSided && caps.duplex ? 'two-sided-long-edge' : 'one-sided',
    media: mediaFor(order.paperSize, order.printingType, caps.media),
    colorMode: order.printingType === 'bw' ? 'monochrome' : 'color',
    manualDuplex: twoSided && !caps.duplex,
    paperSize: order.paperSize,
    pages: printedPagesOf(order),
    documentPages: order.pageCount,
    document: order.position,
  };
}

export async function publishJob(ctx: OrdersContext, job: Pick<JobRow, 'id' | 'orderId' | 'state'>) {
  await ctx.events
    .publish({ type: 'print.job', jobId: job.id, orderId: job.orderId, state: job.state, at: new Date().toISOString() })
    .catch(() => {});
}

/**
 * Sends a paid order's document to the printer of its service. One job at a time per order: a second press while it
 * is on its way is refused, and an order printed before needs `again` (the clerk confirms a reprint).
 */
export async function printOrder(
  ctx: OrdersContext,
  orderId: number,
  actor: Actor,
  opts: { again?: boolean } = {},
): Promise<JobRow> {
  const { job, jobs, order } = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ne(orders.status, 'pending_payment')))
      .for('update')
      .limit(1);
    if (!order) throw notFound('Order not found');
    const earlier = await tx.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(desc(printJobs.id));
    const active = earlier.find((j) => ACTIVE_PRINT_JOB_STATES.includes(j.state as never));
    if (active)
      throw refuse('already_printing', `${order.orderNumber} is already on its way to the printer (job ${active.id}).`);
    if (!opts.again && earlier.some((j) => j.state === 'printed' || j.state === 'confirmed')) {
      throw refuse('already_printed', `${order.orderNumber} was printed already. Print it again?`);
    }
    // One job per document, each on the printer its print needs; all or none (a refusal names the document).
    // Paper originals brought to the counter are photocopied by hand (decision 025): no job for them.
    const all = await documentsOfOrderRow(tx, order);
    const documents = all.filter((d) => !d.paperOriginal);
    if (documents.length === 0)
      throw refuse(
        'paper_only',
        `${order.orderNumber} has only paper originals: photocopy them at the machine (Ticket prints its cover sheet).`,
      );
    const values = [];
    for (const doc of documents) {
      const which = all.length > 1 ? `Document ${doc.position} (${doc.originalFilename}): ` : '';
      if (!doc.fileId) throw refuse('no_document', `${which}this order has no uploaded document to print.`);
      const role = roleForPrint(doc.printingType, doc.paperSize);
      const printer = await pickPrinter(tx, role);
      if (!printer)
        throw refuse(
          'no_printer',
          `${which}No printer is set up for ${PRINTER_ROLE_LABELS[role]} printing. The admin chooses printers on the Printers screen.`,
        );
      let settings: PrintJobSettings;
      try {
        settings = settingsFor(doc, printer.row);
      } catch (err) {
        if (err instanceof AppError && which) throw new AppError(err.code, err.status, which + err.message);
        throw err;
      }
      values.push({
        orderId,
        fileId: doc.fileId,
        printerId: printer.row.id,
        settings,
        requestedByKind: actor.kind,
        requestedById: actor.id,
        requestedByName: actor.name,
      });
    }
    const jobs = await tx.insert(printJobs).values(values).returning();
    const job = jobs[0]!;
    return { job, jobs, order };
  });
  ctx.log.info(
    { orderNumber: order.orderNumber, jobIds: jobs.map((j) => j.id), by: `${actor.kind}:${actor.id}` },
    'print job queued',
  );
  if (order.status === 'unvisited') await markOrderVisited(ctx, order.id, actor);
  for (const j of jobs) await publishJob(ctx, j);
  return job;
}

/** "Print all new": every new order (unvisited or visited) that has no print job yet, oldest first, at most 50 a press. */
export async function printAllNew(ctx: OrdersContext, actor: Actor) {
  const waiting = await ctx.db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['unvisited', 'visited']),
        sql`not exists (select 1 from ${printJobs} where ${printJobs.orderId} = ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(50);
  const jobs: JobRow[] = [];
  const skipped: Array<{ order_number: string; reason: string }> = [];
  for (const o of waiting) {
    try {
      jobs.push(await printOrder(ctx, o.id, actor));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ order_number: o.orderNumber, reason: err.message });
    }
  }
  return { jobs, skipped };
}

async function updateJob(
  ctx: OrdersContext,
  jobId: number,
  from: readonly string[],
  change: (job: JobRow) => Partial<JobRow>,
  refusal: string,
) {
  const job = await ctx.db.transaction(async (tx) => {
    const [job] = await tx.select().from(printJobs).where(eq(printJobs.id, jobId)).for('update').limit(1);
    if (!job) throw notFound('Print job not found');
    if (!from.includes(job.state)) throw refuse('job_state', refusal);
    const [updated] = await tx
      .update(printJobs)
      .set({ ...change(job), updatedAt: new Date() })
      .where(eq(printJobs.id, jobId))
      .returning();
    return updated!;
  });
  await publishJob(ctx, job);
  return job;
}

/** A failed job is sent again as a new attempt (a new CUPS job name, so it is never mistaken for the failed one). */
export const retryJob = (ctx: OrdersContext, jobId: number) =>
  updateJob(
    ctx,
    jobId,
    ['failed'],
    (j) => ({ state: 'queued', attempt: j.attempt + 1, error: null, problem: null, cupsJobId: null, sentAt: null }),
    'Only a failed print job can be retried.',
  );

/** Manual duplex: the clerk has turned the printed fronts over and put them back; the backs go next. */
export const printBacks = (ctx: OrdersContext, jobId: number) =>
  updateJob(
    ctx,
    jobId,
    ['awaiting_flip'],
    () => ({ state: 'queued', pass: 2, problem: null, cupsJobId: null, sentAt: null }),
    'This job is not waiting for the stack to be turned.',
  );

/** Jobs not yet handed to CUPS can be called off (a job at CUPS is stopped at the printer itself). */
export const cancelJob = (ctx: OrdersContext, jobId: number) =>
  updateJob(
    ctx,
    jobId,
    ['queued', 'failed', 'awaiting_flip'],
    () => ({ state: 'cancelled', problem: null }),
    'This job is already at the printer; stop it there.',
  );

export async function findJob(ctx: OrdersContext, jobId: number) {
  const [job] = await ctx.db.select().from(printJobs).where(eq(printJobs.id, jobId)).limit(1);
  if (!job) throw notFound('Print job not found');
  return job;
}

/**
 * Where a printed order goes when the clerk confirms the paper: PRINT_CONFIRMED_STATUS (auto: finishing work left or
 * not; paper originals still to photocopy by hand are work left too).
 */
async function statusAfterPrinting(ctx: OrdersContext, order: OrderRow): Promise<'processing' | 'completed'> {
  const setting = ctx.config.PRINT_CONFIRMED_STATUS;
  if (setting !== 'auto') return setting;
  const documents = await documentsOfOrderRow(ctx.db, order);
  // Binding or lamination of any document is work left, as is a paper original still to photocopy by hand.
  return hasFinishing(documents) || documents.some((d) => d.paperOriginal) ? 'processing' : 'completed';
}

/**
 * The clerk has the paper in hand (printers can say "done" with nothing printed): the job is confirmed and the order
 * moves on, never backwards (an order already completed, delivered or collected stays where it is).
 */
export async function confirmPrinted(ctx: OrdersContext, jobId: number, actor: Actor) {
  const job = await updateJob(
    ctx,
    jobId,
    ['printed'],
    () => ({ state: 'confirmed', confirmedAt: new Date() }),
    'Only a printed job can be confirmed.',
  );
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, job.orderId)).limit(1);
  // An order of several documents moves on once the paper of every one of them is in hand.
  const [waiting] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(printJobs)
    .where(and(eq(printJobs.orderId, job.orderId), inArray(printJobs.state, [...ACTIVE_PRINT_JOB_STATES, 'printed'])));
  if (order && !waiting?.n && ['unvisited', 'visited', 'processing'].includes(order.status)) {
    const target = await statusAfterPrinting(ctx, order);
    if (order.status !== target) {
      await changeOrderStatus(ctx, order.id, target, actor);
    }
  }
  return job;
}
