import { serviceListQuerySchema } from '@shop/shared/catalog/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../plugins/errors.ts';
import { getService, listPaperTypes, listServices } from './catalog.service.ts';
import { publicShopConfig } from './shop-config.ts';

const SERVICES_CACHE_MS = 5_000;

/**
 * The catalogue is public to read: the home page and the service pages need it, and it holds nothing private.
 * (The spec sends the bearer token along; it is accepted and not required.)
 */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The list is read on every customer's page and changes rarely: keep its JSON for a few seconds, and drop it
  // the moment any server copy reports a catalogue change.
  const cache = new Map<string, { json: string; until: number }>();
  const unsubscribe = ctx.events.subscribe((e) => {
    if (e.type === 'service.changed') cache.clear();
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get('/api/services', async (request, reply) => {
    const { category } = parseInput(serviceListQuerySchema, request.query);
    const key = category ?? '*';
    const hit = cache.get(key);
    reply.type('application/json; charset=utf-8');
    if (hit && hit.until > Date.now()) return reply.send(hit.json);
    const json = JSON.stringify(await listServices(ctx.db, category));
    cache.set(key, { json, until: Date.now() + SERVICES_CACHE_MS });
    return reply.send(json);
  });

  app.get<{ Params: { id: string } }>('/api/services/:id', async (request) => getService(ctx.db, request.params.id));

  app.get('/api/paper-types', async () => listPaperTypes(ctx.db));

  app.get('/api/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return publicShopConfig(ctx.config);
  });
}
