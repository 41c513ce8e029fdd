import type { FastifyInstance } from 'fastify';
import { calculateCostSchema } from '@shop/shared/orders/schemas';
import { toCostResult } from '@shop/shared/pricing/pricing';
import type { AppContext } from '../../context.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { badRequest, parseInput } from '../../plugins/errors.ts';
import { findOrderableService, findOwnedPdf, priceFor } from './pricing.service.ts';

export async function registerPricingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/pdf/calculate-cost', { preHandler: requireUser }, async (request) => {
    const user = userOf(request);
    const body = parseInput(calculateCostSchema, request.body);
    const service = await findOrderableService(ctx, body.options.serviceId);
    let pages: number;
    if (body.fileId) pages = (await findOwnedPdf(ctx, user.id, body.fileId)).pageCount;
    else if (body.pdfInfo) pages = body.pdfInfo.pageCount;
    else throw badRequest('Please upload a PDF file', { fileId: 'Please upload a PDF file' });
    return toCostResult(priceFor(service, pages, body.options));
  });
}
