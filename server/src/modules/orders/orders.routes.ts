import type { FastifyInstance } from 'fastify';
import { orderRoutes as routes } from '@shop/shared/orders/routes';
import { requireSignedIn, requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { toOrderDetailDto, toOrderDto } from './order-dto.ts';
import { listStatusEvents, listUserOrders, summariseUserOrders } from './orders.repository.ts';
import { withDocuments, withOneOrder } from './order-documents.ts';
import { sendDocumentSource } from './document-source.ts';
import { findVisibleOrder, sendOrderFile } from './orders.service.ts';
import { orderFilesOf } from './order-files.ts';
import type { OrdersContext } from './order-transition.ts';

export async function ordersRoutes(app: FastifyInstance, ctx: OrdersContext): Promise<void> {
  const api = typed(app);

  api.route({
    ...routes.mine,
    preValidation: requireUser,
    handler: async (request, reply) => {
      const { rows, total } = await listUserOrders(ctx.db, userOf(request).id, request.query);
      reply.header('x-total-count', String(total));
      return withDocuments(ctx.db, rows, toOrderDto);
    },
  });

  api.route({
    ...routes.summary,
    preValidation: requireUser,
    handler: async (request) => summariseUserOrders(ctx.db, userOf(request).id, request.query),
  });

  // An order number (what customers see) or the numeric id (back-office links).
  api.route({
    ...routes.detail,
    preValidation: requireSignedIn,
    handler: async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const events = await listStatusEvents(ctx.db, order.id);
      const detail = await withOneOrder(ctx.db, order, (row, documents) => toOrderDetailDto(row, documents, events));
      return { ...detail, files: orderFilesOf(ctx.config, order, detail.documents) };
    },
  });

  api.route({
    ...routes.file,
    preValidation: requireSignedIn,
    handler: async (request, reply) =>
      sendOrderFile(ctx, request, reply, await findVisibleOrder(ctx, request.principal, request.params.ref)),
  });

  /** The photo or office file a document's PDF was made from. */
  api.route({
    ...routes.documentSource,
    preValidation: requireSignedIn,
    handler: async (request, reply) =>
      sendDocumentSource(
        ctx,
        request,
        reply,
        await findVisibleOrder(ctx, request.principal, request.params.ref),
        request.params.position,
      ),
  });

  for (const route of [routes.download, routes.directDownload]) {
    api.route({
      ...route,
      preValidation: requireSignedIn,
      handler: async (request, reply) => {
        const { key, orderId } = request.query;
        const order = await findVisibleOrder(ctx, request.principal, orderId);
        return sendOrderFile(ctx, request, reply, order, key || undefined);
      },
    });
  }
}
