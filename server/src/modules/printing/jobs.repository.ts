import { desc, eq, inArray } from 'drizzle-orm';
import type { PrintJobDto } from '@shop/shared/printing/schemas';
import type { AppContext } from '../../context.ts';
import { orders, printAgents, printers, printJobs } from '../../db/schema/index.ts';
import type { JobRow } from './jobs.service.ts';
import { toPrintJobDto } from './printing-dto.ts';
import { documentsByOrder } from '../orders/index.ts';

/** Jobs as the counter sees them: with their order number and printer (and whether its agent is connected). */
export async function jobDtos(ctx: AppContext, jobs: JobRow[]): Promise<PrintJobDto[]> {
  if (jobs.length === 0) return [];
  const orderIds = [...new Set(jobs.map((j) => j.orderId))];
  const printerIds = [...new Set(jobs.map((j) => j.printerId).filter((id): id is number => id !== null))];
  const [numbers, documents, printerRows] = await Promise.all([
    ctx.db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, orderIds)),
    documentsByOrder(ctx.db, orderIds),
    printerIds.length
      ? ctx.db
          .select({ row: printers, agent: printAgents })
          .from(printers)
          .innerJoin(printAgents, eq(printAgents.id, printers.agentId))
          .where(inArray(printers.id, printerIds))
      : Promise.resolve([]),
  ]);
  const orderOf = new Map(numbers.map((o) => [o.id, o]));
  const printerOf = new Map(printerRows.map((p) => [p.row.id, p]));
  const now = Date.now();
  return jobs.map((j) => {
    const order = orderOf.get(j.orderId);
    // A PVC card job has no ticket sheet in front of it: its document's print, not the order's first.
    const doc = documents.get(j.orderId)?.find((d) => d.position === (j.settings.document ?? 1));
    return toPrintJobDto(
      j,
      order?.orderNumber ?? '',
      j.printerId ? (printerOf.get(j.printerId) ?? null) : null,
      doc?.printingType !== 'pvc',
      now,
    );
  });
}

/** The newest job of each of these orders (what each order card shows). */
export async function latestJobsForOrders(ctx: AppContext, orderIds: number[]): Promise<PrintJobDto[]> {
  if (orderIds.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(printJobs)
    .where(inArray(printJobs.orderId, orderIds))
    .orderBy(desc(printJobs.id));
  const latest = new Map<number, JobRow>();
  for (const r of rows) if (!latest.has(r.orderId)) latest.set(r.orderId, r);
  return jobDtos(ctx, [...latest.values()]);
}
