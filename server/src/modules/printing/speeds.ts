import { DEFAULT_PRINT_SPEEDS, printSpeedRoutes as routes, type PrintSpeeds } from '@shop/shared/printing/speeds';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { printSpeeds } from '../../db/schema/index.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';

const ROLES = Object.keys(DEFAULT_PRINT_SPEEDS) as Array<keyof PrintSpeeds>;

/** The shop's printer speeds (decision 039): the admin's, else the defaults. */
export async function readPrintSpeeds(db: Db): Promise<PrintSpeeds> {
  const rows = await db.select().from(printSpeeds);
  const speeds: PrintSpeeds = { ...DEFAULT_PRINT_SPEEDS };
  for (const r of rows)
    if ((ROLES as string[]).includes(r.role)) speeds[r.role as keyof PrintSpeeds] = r.pagesPerMinute;
  return speeds;
}

/** The admin reads and sets them on the Printers page. */
export async function printSpeedRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  api.route({ ...routes.get, preValidation: requireAdmin, handler: async () => readPrintSpeeds(ctx.db) });
  api.route({
    ...routes.set,
    preValidation: requireAdmin,
    handler: async (request) => {
      const rows = ROLES.map((role) => ({ role, pagesPerMinute: request.body[role], updatedAt: new Date() }));
      await ctx.db
        .insert(printSpeeds)
        .values(rows)
        .onConflictDoUpdate({
          target: printSpeeds.role,
          set: { pagesPerMinute: sql`excluded.pages_per_minute`, updatedAt: sql`excluded.updated_at` },
        });
      ctx.log.info({ speeds: request.body }, 'printer speeds set');
      return readPrintSpeeds(ctx.db);
    },
  });
}
