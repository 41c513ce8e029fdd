import { pdfRoutes as routes } from '@shop/shared/files/routes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError } from '../../plugins/errors.ts';
import { colourPagesOf } from './colours.service.ts';
import { forgetPageCopies, pageImage } from './thumbs.service.ts';
import { findOwnPdf, previewPng } from './pdf.service.ts';

/**
 * Customers' own PDFs: preview, page images, colour pages, the file. The upload is the uploads module's;
 * POST /api/pdf/calculate-cost lives in the pricing module.
 */
export async function pdfRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onClose', async () => forgetPageCopies());
  const api = typed(app);
  api.route({
    ...routes.preview,
    preValidation: requireUser,
    handler: async (request, reply) => {
      const row = await findOwnPdf(ctx, request.params.fileId, userOf(request).id);
      const png = await previewPng(ctx, row, userOf(request).id);
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  });

  /** One page of the owner's PDF as a PNG: `?size=thumb` (default) for the page grid, `large` to look closer. */
  api.route({
    ...routes.page,
    preValidation: requireUser,
    config: { quietLog: true },
    handler: async (request, reply) => {
      const user = userOf(request);
      const row = await findOwnPdf(ctx, request.params.fileId, user.id);
      const page = /^\d{1,5}$/.test(request.params.page) ? Number(request.params.page) : NaN;
      const png = await pageImage(ctx, row.id, user.id, page, request.query.size);
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  });

  /** Which pages of the owner's PDF hold colour (for "Colour pages in colour, the rest in black & white"). */
  api.route({
    ...routes.colours,
    preValidation: requireUser,
    handler: async (request) => {
      const row = await findOwnPdf(ctx, request.params.fileId, userOf(request).id);
      return colourPagesOf(ctx, row.id, userOf(request).id);
    },
  });

  /** The owner's own uploaded PDF (the upload answer's `file.url`). */
  api.route({
    ...routes.file,
    preValidation: requireUser,
    handler: async (request, reply) => {
      const row = await findOwnPdf(ctx, request.params.fileId, userOf(request).id);
      const obj = await ctx.storage.get(row.storageKey);
      if (!obj) throw new AppError('not_found', 404, 'File not found');
      return reply
        .type('application/pdf')
        .header('content-length', obj.size)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="${asciiName(row.originalFilename)}"; filename*=UTF-8''${encodeURIComponent(row.originalFilename)}`,
        )
        .send(obj.stream);
    },
  });
}

function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}
