import { catalogRoutes as routes } from '@shop/shared/catalog/routes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { answerJson, sendJson, typed } from '../../plugins/contracts.ts';
import { getService, listPaperTypes, listServices } from './catalog.service.ts';
import { publicShopConfig } from './shop-config.ts';

const SERVICES_CACHE_MS = 5_000;

/**
 * The catalogue is public to read: the home page and the service pages need it, and it holds nothing private.
 * (The web app sends the bearer token along; it is accepted and not required.)
 */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The list is read on every customer's page and changes rarely: keep its JSON for a few seconds, and drop it
  // the moment any server copy reports a catalogue change.
  const cache = new Map<string, { json: string; until: number }>();
  const unsubscribe = ctx.events.subscribe((e) => {
    if (e.type === 'service.changed') cache.clear();
  });
  app.addHook('onClose', async () => unsubscribe());

  const api = typed(app);
  const servicesJson = answerJson(ctx.config, routes.list);
  api.route({
    ...routes.list,
    handler: async (request, reply) => {
      const { category } = request.query;
      const key = category ?? '*';
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return sendJson(reply, hit.json);
      const json = servicesJson(await listServices(ctx.db, category));
      cache.set(key, { json, until: Date.now() + SERVICES_CACHE_MS });
      return sendJson(reply, json);
    },
  });

  api.route({ ...routes.one, handler: async (request) => getService(ctx.db, request.params.id) });

  api.route({ ...routes.paperTypes, handler: async () => listPaperTypes(ctx.db) });

  api.route({
    ...routes.shopConfig,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return publicShopConfig(ctx.config);
    },
  });
}
