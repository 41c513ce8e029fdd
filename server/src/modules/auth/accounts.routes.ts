import { stripBidiControls } from '@shop/shared/auth/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { listAccounts } from './accounts.repository.ts';

const usersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  search: z.string().trim().max(200).optional().catch(undefined),
});

/** The admin's list of shop accounts (search by name or e-mail); the total in x-total-count. */
export async function accountsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('preHandler', requireAdmin);
    admin.get('/api/admin/users', async (request, reply) => {
      const { rows, total } = await listAccounts(ctx.db, usersQuerySchema.parse(request.query ?? {}));
      reply.header('x-total-count', String(total));
      return rows.map((u) => ({ id: u.id, name: stripBidiControls(u.name), email: u.email, role: u.role, created_at: u.createdAt.toISOString(), order_count: Number(u.orderCount) }));
    });
  });
}
