import { shopRoutes, type Health } from '@shop/shared/common/routes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { typed } from '../plugins/contracts.ts';
import {
  DATABASE_UNAVAILABLE,
  databaseErrorSummary,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from '../plugins/errors.ts';

/**
 * For load balancers and monitors: 503 while the database cannot be reached (the same process recovers by itself).
 * Only the admin is told which database, storage, mail and events the shop runs on; anyone else gets ok/status.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).route({
    ...shopRoutes.health,
    handler: async (request, reply) => {
      const p = request.principal;
      const detail = p?.kind === 'user' && p.user.role === 'admin';
      const about = detail
        ? { database: ctx.database.kind, storage: ctx.storage.kind, mail: ctx.mailer.kind, events: ctx.events.kind }
        : {};
      try {
        await ctx.db.execute(sql`select 1`);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        request.log.error({ err: databaseErrorSummary(err) }, 'health check: database unavailable');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        const down: Health = {
          ok: false,
          status: 'unavailable',
          code: 'unavailable',
          message: DATABASE_UNAVAILABLE,
          ...about,
          ...(detail ? { databaseReachable: false } : {}),
        };
        return reply.status(503).send(down);
      }
      const up: Health = detail
        ? {
            ok: true,
            status: 'ok',
            ...about,
            databaseReachable: true,
            ...(ctx.events.connected === false ? { eventsConnected: false } : {}),
          }
        : { ok: true, status: 'ok' };
      return up;
    },
  });
}
