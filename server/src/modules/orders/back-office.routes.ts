import { backOfficeOrderRoutes as routes } from '@shop/shared/orders/back-office-routes';
import type { FastifyInstance } from 'fastify';
import { backOfficeActorOf, requireAdmin, requireStaffOrAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { toBackOfficeOrderDto } from './back-office-dto.ts';
import { withOneOrder } from './order-documents.ts';
import { changeOrderStatus } from './order-status.service.ts';
import type { OrdersContext } from './order-transition.ts';

/** The order lists of the back office: the counter's queue (staff and the admin) and the admin's orders, with status changes. */
export async function backOfficeOrderRoutes(app: FastifyInstance, ctx: OrdersContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireStaffOrAdmin);
    const counter = typed(scope);
    // The counter's view, for the admin too: paid orders only.
    counter.route({ ...routes.counterCounts, handler: async () => ctx.orderPages.counterCounts() });
    counter.route({
      ...routes.counterList,
      handler: async (request, reply) => ctx.orderPages.send(reply, request.query, 'staff'),
    });
    counter.route({
      ...routes.counterStatus,
      handler: async (request) => {
        const row = await changeOrderStatus(ctx, request.params.id, request.body.status, backOfficeActorOf(request));
        return withOneOrder(ctx.db, row, toBackOfficeOrderDto);
      },
    });
  });

  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);
    admin.route({
      ...routes.adminList,
      handler: async (request, reply) => ctx.orderPages.send(reply, request.query, 'admin'),
    });
    admin.route({ ...routes.adminStats, handler: async () => ctx.orderPages.stats() });
    admin.route({
      ...routes.adminStatus,
      handler: async (request) => {
        const row = await changeOrderStatus(ctx, request.params.id, request.body.status, backOfficeActorOf(request), {
          reason: request.body.reason,
        });
        return withOneOrder(ctx.db, row, toBackOfficeOrderDto);
      },
    });
  });
}
