import type { FastifyInstance } from 'fastify';
import { toDocumentCostResult } from '@shop/shared/pricing/price-order';
import { toCostResult } from '@shop/shared/pricing/pricing';
import { pricingRoutes as routes } from '@shop/shared/pricing/routes';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { badRequest } from '../../plugins/errors.ts';
import { priceDocuments, priceOrRefuse, type DocumentRequest } from './order-documents.service.ts';
import { assertPrintable, findOrderableService } from './pricing.service.ts';
import type { QuotasContext } from '../quotas/index.ts';

const QUOTE_CACHE_MS = 5_000;

export async function registerPricingRoutes(app: FastifyInstance, ctx: QuotasContext): Promise<void> {
  // Quotes are asked for at every option change: keep the service rows a few seconds, dropped on any catalogue
  // change. Steps that take money (create-order) always read the row afresh.
  const services = new Map<number, { row: Awaited<ReturnType<typeof findOrderableService>>; until: number }>();
  const unsubscribe = ctx.events.subscribe((e) => {
    if (e.type === 'service.changed') services.clear();
  });
  app.addHook('onClose', async () => unsubscribe());
  const quoteService = async (id: number) => {
    const hit = services.get(id);
    if (hit && hit.until > Date.now()) return hit.row;
    const row = await findOrderableService(ctx, id);
    if (services.size > 1000) services.clear();
    services.set(id, { row, until: Date.now() + QUOTE_CACHE_MS });
    return row;
  };

  // A quote changes nothing: logged like a read (request-log.ts). The delivery charge is the home delivery's.
  typed(app).route({
    ...routes.quote,
    preValidation: [requireUser, ctx.quotas.quote],
    config: { quietLog: true },
    handler: async (request) => {
      const user = userOf(request);
      const body = request.body;
      const caller = { owner: { userId: user.id } };
      if (body.documents) {
        const { price } = await priceDocuments(ctx, caller, body.documents, 'delivery', quoteService);
        return { ...toCostResult(price), documents: price.documents.map(toDocumentCostResult) };
      }
      // The original API's one-document body, adapted to the documents shape: an upload, priced as an order of one…
      if (body.fileId) {
        const one: DocumentRequest = { fileId: body.fileId, options: body.options, pageRange: body.pageRange };
        return toCostResult((await priceDocuments(ctx, caller, [one], 'delivery', quoteService)).price);
      }
      // …or a page count with no upload yet (a preview only: every step that takes money reads the stored file).
      if (!body.pdfInfo) throw badRequest('Please upload a PDF file', { fileId: 'Please upload a PDF file' });
      const service = await quoteService(body.options.serviceId);
      assertPrintable(service, body.options);
      const price = priceOrRefuse(
        [{ pageCount: body.pdfInfo.pageCount, pageRange: body.pageRange, service, options: body.options }],
        'delivery',
      );
      return toCostResult(price);
    },
  });
}
