import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FILE_MESSAGES, isHandedOverStatus } from '@shop/shared/files/retention';
import { ownFilesRoutes as routes } from '@shop/shared/files/routes';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  withOneOrder,
  toOrderDto,
  findOrderById,
  type OrderRow,
  findOwnPaidOrder,
  orderFilesOf,
} from '../orders/index.ts';
import { documentsHoldingFiles, releaseDocuments, removeStoredFiles } from './file-deletion.ts';

const notHandedOver = (order: OrderRow) =>
  new AppError(
    'not_handed_over',
    409,
    order.deliveryType === 'pickup' ? FILE_MESSAGES.notHandedOverPickup : FILE_MESSAGES.notHandedOverDelivery,
  );

/**
 * "Delete my files now" (docs/decisions/026): the customer who placed the order deletes its files once it is
 * collected or delivered. Anyone else is told the order does not exist; before handover it is refused and nothing
 * changes. Asking again answers that they are already deleted.
 */
export async function ownFilesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).route({
    ...routes.deleteNow,
    preValidation: requireUser,
    handler: async (request) => {
      const order = await findOwnPaidOrder(ctx, userOf(request).id, request.params.ref);
      if (!isHandedOverStatus(order.status)) throw notHandedOver(order);
      const now = new Date();
      const { documents, deleted } = await ctx.db.transaction(async (tx) => {
        // Locked: a clerk moving the order back at this moment either waits for this or is waited for.
        const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
        if (!current || !isHandedOverStatus(current.status)) throw notHandedOver(order);
        const held = await documentsHoldingFiles(tx, [order.id]);
        const removed = await releaseDocuments(tx, held, 'customer', now);
        if (held.length) await tx.update(orders).set({ filesDeletedAt: now }).where(eq(orders.id, order.id));
        return { documents: held.length, deleted: removed };
      });
      await removeStoredFiles(ctx, deleted, 'customer');
      if (documents) request.log.info({ orderId: order.id, documents }, 'customer deleted their order’s files');
      const fresh = (await findOrderById(ctx.db, order.id))!;
      const dto = await withOneOrder(ctx.db, fresh, toOrderDto);
      return {
        message: documents ? FILE_MESSAGES.deleted : FILE_MESSAGES.alreadyDeleted,
        deleted: documents,
        files: orderFilesOf(ctx.config, fresh, dto.documents),
      };
    },
  });
}
