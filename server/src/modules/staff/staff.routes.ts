import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { requireStaffOrAdmin, staffOf } from '../../plugins/auth.ts';
import { toBackOfficeOrderDto } from '../admin/back-office-dto.ts';
import { backOfficeQuerySchema } from '../orders/back-office.repository.ts';
import { changeOrderStatus, type StatusActor } from '../orders/order-status.service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The counter's order queue: staff (and the admin) see every paid order and move it along. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preHandler', requireStaffOrAdmin);

    scope.get('/api/staff/orders', async (request, reply) => {
      const q = backOfficeQuerySchema.parse(request.query ?? {});
      // The counter's view, for the admin too: paid orders only.
      return ctx.orderPages.send(reply, q, 'staff');
    });

    scope.patch('/api/staff/orders/:id/status', async (request) => {
      const parsed = idParam.safeParse(request.params);
      if (!parsed.success) throw notFound('Order not found');
      const s = staffOf(request);
      const p = request.principal!;
      const actor: StatusActor = s ? { kind: 'staff', id: s.id, name: s.name } : { kind: 'admin', id: p.kind === 'user' ? p.user.id : 0, name: p.kind === 'user' ? p.user.name : 'admin' };
      const row = await changeOrderStatus(ctx, parsed.data.id, (request.body as { status?: unknown } | undefined)?.status, actor);
      return toBackOfficeOrderDto(row);
    });
  });
}
