import type { FastifyInstance } from 'fastify';
import { parsePageRange } from '@shop/shared/orders/page-range';
import { toDocumentCostResult } from '@shop/shared/pricing/order-cost';
import { toCostResult } from '@shop/shared/pricing/pricing';
import { pricingRoutes as routes } from '@shop/shared/pricing/routes';
import type { AppContext } from '../../context.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { badRequest } from '../../plugins/errors.ts';
import { priceDocuments } from './order-documents.service.ts';
import { findOrderableService, findOwnedPdf, priceFor } from './pricing.service.ts';

const QUOTE_CACHE_MS = 5_000;

export async function registerPricingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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

  // A quote changes nothing: logged like a read (request-log.ts).
  typed(app).route({
    ...routes.quote,
    preValidation: [requireUser, ctx.quotas.quote],
    config: { quietLog: true },
    handler: async (request) => {
      const user = userOf(request);
      const body = request.body;
      if (body.documents) {
        const { cost } = await priceDocuments(ctx, user.id, body.documents, quoteService);
        return { ...toCostResult(cost), documents: cost.documents.map(toDocumentCostResult) };
      }
      const service = await quoteService(body.options.serviceId);
      let pages: number;
      if (body.fileId) pages = (await findOwnedPdf(ctx, user.id, body.fileId)).pageCount;
      else if (body.pdfInfo) pages = body.pdfInfo.pageCount;
      else throw badRequest('Please upload a PDF file', { fileId: 'Please upload a PDF file' });
      if (body.pageRange) {
        const range = parsePageRange(body.pageRange, pages);
        if (!range.ok) throw badRequest(range.message, { pageRange: range.message });
        pages = range.pages.length;
      }
      return toCostResult(priceFor(service, pages, body.options));
    },
  });
}
