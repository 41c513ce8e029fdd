import { serviceListQuerySchema } from '@shop/shared/catalog/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../plugins/errors.ts';
import { getService, listPaperTypes, listServices } from './catalog.service.ts';
import { publicShopConfig } from './shop-config.ts';

/**
 * The catalogue is public to read: the home page and the service pages need it, and it holds nothing private.
 * (The spec sends the bearer token along; it is accepted and not required.)
 */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/services', async (request) => {
    const { category } = parseInput(serviceListQuerySchema, request.query);
    return listServices(ctx.db, category);
  });

  app.get<{ Params: { id: string } }>('/api/services/:id', async (request) => getService(ctx.db, request.params.id));

  app.get('/api/paper-types', async () => listPaperTypes(ctx.db));

  app.get('/api/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return publicShopConfig(ctx.config);
  });
}
