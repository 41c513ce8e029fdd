import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReorderAnswer } from '@shop/shared/orders/order';
import { orderRoutes as routes } from '@shop/shared/orders/routes';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { fileUrlOf, previewUrlOf } from '../pdf/index.ts';
import { documentsOfOrderRow } from './order-documents.ts';
import { findOwnPaidOrder } from './orders.service.ts';

/**
 * "Print again": an order's documents and options for a new order, with each file as the wizard
 * holds an upload, or marked deleted when the shop no longer keeps it (the customer uploads it again). Only the
 * order's own customer; nothing is written (the new order is priced and checked at checkout like any other).
 */
export async function reorderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).route({
    ...routes.reorder,
    preValidation: requireUser,
    handler: async (request): Promise<ReorderAnswer> => {
      const user = userOf(request);
      const order = await findOwnPaidOrder(ctx, user.id, request.params.ref);
      const documents = await documentsOfOrderRow(ctx.db, order);
      const ids = documents.map((d) => d.fileId).filter((id): id is string => !!id);
      const kept = ids.length
        ? await ctx.db
            .select({
              id: files.id,
              storageKey: files.storageKey,
              originalFilename: files.originalFilename,
              sizeBytes: files.sizeBytes,
              pageCount: files.pageCount,
              pageSizes: files.pageSizes,
            })
            .from(files)
            .where(and(inArray(files.id, ids), eq(files.ownerUserId, user.id), eq(files.kind, 'order_pdf')))
        : [];
      const byId = new Map(kept.map((f) => [f.id, f]));
      return {
        serviceId: documents[0]!.serviceId,
        documents: documents.map((d) => {
          const f = d.fileId ? byId.get(d.fileId) : undefined;
          const options = {
            serviceId: d.serviceId,
            printingType: d.printingType,
            paperSize: d.paperSize,
            paperType: d.paperType,
            sides: d.sides as 'single' | 'double',
            orientation: d.orientation as 'portrait' | 'landscape',
            copies: d.copies,
            spiralBinding: d.spiralBinding,
            paperBinding: d.paperBinding,
            transparentSheet: d.transparentSheet,
            lamination: d.lamination,
          };
          if (!f || !f.pageCount)
            return {
              name: d.originalFilename,
              options,
              pageRange: d.pageRange,
              colourMode: d.colourMode,
              upload: null,
              sensitive: d.sensitive,
            };
          return {
            name: d.originalFilename,
            options,
            pageRange: d.pageRange,
            colourMode: d.colourMode,
            sensitive: d.sensitive,
            upload: {
              file: {
                id: f.id,
                url: fileUrlOf(f.id),
                path: f.storageKey,
                originalFilename: f.originalFilename,
                size: f.sizeBytes,
                previewUrl: previewUrlOf(f.id),
              },
              pdfInfo: {
                pageCount: f.pageCount,
                pages: [],
                sizeGroups: f.pageSizes ?? [],
                activeContentRemoved: false,
              },
            },
          };
        }),
      };
    },
  });
}
