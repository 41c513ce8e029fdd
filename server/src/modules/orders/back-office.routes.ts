import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { backOfficeActorOf, requireAdmin, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { toBackOfficeOrderDto } from './back-office-dto.ts';
import { backOfficeQuerySchema } from './back-office.repository.ts';
import { withOneOrder } from './order-documents.ts';
import { changeOrderStatus } from './order-status.service.ts';

const statusOf = (body: unknown) => (body as { status?: unknown } | undefined)?.status;

/** The order lists of the back office: the counter's queue (staff and the admin) and the admin's orders, with status changes. */
export async function backOfficeOrderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (counter) => {
    counter.addHook('preHandler', requireStaffOrAdmin);
    // The counter's view, for the admin too: paid orders only.
    counter.get('/api/staff/orders/counts', async () => ctx.orderPages.counterCounts());
    counter.get('/api/staff/orders', async (request, reply) => ctx.orderPages.send(reply, backOfficeQuerySchema.parse(request.query ?? {}), 'staff'));
    counter.patch('/api/staff/orders/:id/status', async (request) => {
      const row = await changeOrderStatus(ctx, idParam(request.params, 'Order'), statusOf(request.body), backOfficeActorOf(request));
      return withOneOrder(ctx, toBackOfficeOrderDto(row));
    });
  });

  await app.register(async (admin) => {
    admin.addHook('preHandler', requireAdmin);
    admin.get('/api/admin/orders', async (request, reply) => ctx.orderPages.send(reply, backOfficeQuerySchema.parse(request.query ?? {}), 'admin'));
    admin.get('/api/admin/orders/stats', async () => ctx.orderPages.stats());
    admin.patch('/api/admin/orders/:id/status', async (request) => {
      const row = await changeOrderStatus(ctx, idParam(request.params), statusOf(request.body), backOfficeActorOf(request));
      return withOneOrder(ctx, toBackOfficeOrderDto(row));
    });
  });
}
