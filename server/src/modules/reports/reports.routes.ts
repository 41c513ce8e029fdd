import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { addDays, istDayStart, reportRoutes as routes } from '@shop/shared/reports/schemas';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { ordersCsv } from './orders-csv.ts';
import { refundCsvLine, refundsBetween } from './refunds-csv.ts';
import { dayReport, paidOrdersBetween } from './reports.repository.ts';

/** The admin's day report and the orders CSV for the accountant. */
export async function reportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);

    admin.route({ ...routes.day, handler: async (request) => dayReport(ctx.db, request.query.date) });

    /** A download: streamed in batches, so a year of orders never sits in memory. */
    admin.route({
      ...routes.ordersCsv,
      handler: async (request, reply) => {
        const { from, to } = request.query;
        const rows = paidOrdersBetween(ctx.db, istDayStart(from), istDayStart(addDays(to, 1)));
        const refundLines = async () =>
          (await refundsBetween(ctx.db, istDayStart(from), istDayStart(addDays(to, 1)))).map(refundCsvLine);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${from}-to-${to}.csv"`)
          .send(Readable.from(ordersCsv(rows, refundLines)));
      },
    });
  });
}
