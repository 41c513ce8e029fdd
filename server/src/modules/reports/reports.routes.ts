import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { addDays, dayReportQuerySchema, istDayStart, ordersCsvQuerySchema } from '@shop/shared/reports/schemas';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { parseInput } from '../../plugins/errors.ts';
import { ordersCsv } from './orders-csv.ts';
import { dayReport, paidOrdersBetween } from './reports.repository.ts';

/** The admin's day report and the orders CSV for the accountant (issue 13, "Day report"). */
export async function reportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('preHandler', requireAdmin);

    admin.get('/api/admin/reports/day', async (request) => {
      const { date } = parseInput(dayReportQuerySchema, request.query);
      return dayReport(ctx.db, date);
    });

    /** A download: streamed in batches, so a year of orders never sits in memory. */
    admin.get('/api/admin/reports/orders.csv', async (request, reply) => {
      const { from, to } = parseInput(ordersCsvQuerySchema, request.query);
      const rows = paidOrdersBetween(ctx.db, istDayStart(from), istDayStart(addDays(to, 1)));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-to-${to}.csv"`)
        .send(Readable.from(ordersCsv(rows)));
    });
  });
}
