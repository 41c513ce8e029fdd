import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { invoiceRoutes as routes } from '@shop/shared/gst/routes';
import type { AppContext } from '../../context.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { requireAdmin, requireSignedIn } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { notFound } from '../../plugins/errors.ts';
import { findVisibleOrder } from '../orders/orders.service.ts';
import { invoiceFile } from './invoice-file.ts';
import { monthCsv } from './invoice-csv.ts';

/** GST documents: the order's owner (or staff, the admin) lists and downloads them; the admin exports a month as CSV. */
export async function invoicesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  // Another customer's order is "not found", as everywhere else.
  api.route({
    ...routes.ofOrder,
    preValidation: requireSignedIn,
    handler: async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const rows = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.id));
      return {
        invoices: rows.map((r) => ({ id: r.id, kind: r.kind, documentType: r.documentType, serial: r.serial, issuedAt: r.issuedAt.toISOString(), total: r.grossPaise / 100 })),
      };
    },
  });

  api.route({
    ...routes.pdf,
    preValidation: requireSignedIn,
    handler: async (request, reply) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const [doc] = await ctx.db.select().from(invoices).where(and(eq(invoices.id, request.params.id), eq(invoices.orderId, order.id))).limit(1);
      if (!doc) throw notFound('Invoice not found');
      const file = await invoiceFile(ctx.db, ctx.config, doc, order.orderNumber);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  });

  api.route({
    ...routes.monthCsv,
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { month } = request.query;
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
    },
  });
}
