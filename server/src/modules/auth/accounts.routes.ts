import { adminPeopleRoutes as routes } from '@shop/shared/auth/admin-routes';
import { stripBidiControls } from '@shop/shared/auth/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { listAccounts } from './accounts.repository.ts';

/** The admin's list of shop accounts (search by name or e-mail); the total in x-total-count. */
export async function accountsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).route({
    ...routes.accounts,
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { rows, total } = await listAccounts(ctx.db, request.query);
      reply.header('x-total-count', String(total));
      return rows.map((u) => ({
        id: u.id,
        name: stripBidiControls(u.name),
        email: u.email,
        role: u.role,
        created_at: u.createdAt.toISOString(),
        order_count: Number(u.orderCount),
      }));
    },
  });
}
