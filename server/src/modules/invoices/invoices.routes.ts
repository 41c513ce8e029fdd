import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { requireAdmin, requireSignedIn } from '../../plugins/auth.ts';
import { notFound, parseInput } from '../../plugins/errors.ts';
import { findVisibleOrder, parseOrderRef } from '../orders/orders.service.ts';
import { invoiceFile } from './invoice-file.ts';
import { monthCsv } from './invoice-csv.ts';

const monthQuery = z.object({ month: z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Choose a month like 2026-11.') });

/** GST documents: the order's owner (or staff, the admin) lists and downloads them; the admin exports a month as CSV. */
export async function invoicesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const visibleOrder = async (request: { params: unknown; principal: unknown }) => {
    const ref = parseOrderRef((request.params as { ref: string }).ref);
    if (!ref) throw notFound('Order not found');
    // Another customer's order is "not found", as everywhere else.
    return findVisibleOrder(ctx, request.principal as never, ref);
  };

  app.get<{ Params: { ref: string } }>('/api/orders/:ref/invoices', { preHandler: requireSignedIn }, async (request) => {
    const order = await visibleOrder(request);
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.id));
    return {
      invoices: rows.map((r) => ({ id: r.id, kind: r.kind, documentType: r.documentType, serial: r.serial, issuedAt: r.issuedAt.toISOString(), total: r.grossPaise / 100 })),
    };
  });

  app.get<{ Params: { ref: string; id: string } }>('/api/orders/:ref/invoices/:id/pdf', { preHandler: requireSignedIn }, async (request, reply) => {
    const order = await visibleOrder(request);
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound('Invoice not found');
    const [doc] = await ctx.db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.orderId, order.id))).limit(1);
    if (!doc) throw notFound('Invoice not found');
    const file = await invoiceFile(ctx.db, doc, order.orderNumber);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);
  });

  await app.register(async (admin) => {
    admin.addHook('preHandler', requireAdmin);
    admin.get('/api/admin/invoices.csv', async (request, reply) => {
      const { month } = parseInput(monthQuery, request.query);
      const [y, m] = month.split('-').map(Number) as [number, number];
      // The month as the shop's calendar (IST) reads it.
      const from = new Date(Date.UTC(y, m - 1, 1) - 330 * 60_000);
      const to = new Date(Date.UTC(y, m, 1) - 330 * 60_000);
      const rows = await ctx.db
        .select({ doc: invoices, orderNumber: orders.orderNumber })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
        .orderBy(asc(invoices.kind), asc(invoices.issuedAt), asc(invoices.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${month}.csv"`)
        .send(monthCsv(rows));
    });
  });
}
