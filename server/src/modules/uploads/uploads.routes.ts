import { pdfRoutes as routes } from '@shop/shared/files/routes';
import type { FastifyInstance } from 'fastify';
import type { QuotasContext } from '../quotas/index.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { uploadPdf } from './uploads.service.ts';

/** `POST /api/pdf/upload`: a customer's document (PDF, photo or office file), within their upload quota. */
export async function uploadsRoutes(app: FastifyInstance, ctx: QuotasContext): Promise<void> {
  await withUploads(app, (uploads) => {
    typed(uploads).route({
      ...routes.upload,
      preValidation: [requireUser, ctx.quotas.pdfUpload],
      handler: async (request, reply) => reply.status(201).send(await uploadPdf(ctx, request, userOf(request).id)),
    });
  });
}
