import type { OrderRef } from '@shop/shared/orders/refs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isSafeKey } from '../storage/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { mayActOnGet } from '../../plugins/request-origin.ts';
import type { Principal } from '../../plugins/auth.ts';
import { findOrderById, findOrderByNumber, type OrderRow } from './orders.repository.ts';
import { markOrderVisited } from './order-status.service.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { assertDocumentDownloadable } from './download-guard.ts';
import { documentsOfOrderRow, printCopyName, type OrderDocumentRow } from './order-documents.ts';
import type { OrdersContext } from './order-transition.ts';

/**
 * The owner, staff and the admin may see an order; anyone else is told it does not exist. A draft awaiting payment
 * is not an order yet: staff are told the same about it.
 */
export function canSeeOrder(principal: Principal | null, order: OrderRow): boolean {
  if (!principal) return false;
  if (principal.kind === 'staff') return order.status !== 'pending_payment';
  return principal.user.role === 'admin' || principal.user.id === order.userId;
}

export function isBackOffice(principal: Principal | null): boolean {
  return !!principal && (principal.kind === 'staff' || principal.user.role === 'admin');
}

export async function findVisibleOrder(
  ctx: AppContext,
  principal: Principal | null,
  ref: { id?: number; orderNumber?: string },
) {
  const order = ref.orderNumber
    ? await findOrderByNumber(ctx.db, ref.orderNumber)
    : ref.id
      ? await findOrderById(ctx.db, ref.id)
      : undefined;
  if (!order || !canSeeOrder(principal, order)) throw notFound('Order not found');
  return order;
}

/** The caller's own paid order by a route's reference (order number or id); 404 for anyone else's, or a draft. */
export async function findOwnPaidOrder(ctx: AppContext, userId: number, ref: OrderRef): Promise<OrderRow> {
  const order =
    ref.id !== undefined ? await findOrderById(ctx.db, ref.id) : await findOrderByNumber(ctx.db, ref.orderNumber);
  if (!order || order.userId !== userId || order.status === 'pending_payment') throw notFound('Order not found');
  return order;
}

/** A requested key must name the stored file of one of this order's documents: the whole key or its last segment. */
export function keyMatchesDocument(key: string, doc: Pick<OrderDocumentRow, 'filePath'>): boolean {
  if (key.includes('..') || key.includes('\\') || key.startsWith('/') || !isSafeKey(key) || !doc.filePath) return false;
  const last = doc.filePath.split('/').pop();
  return key === doc.filePath || key === last;
}

/**
 * The original API's one-file download (`/api/orders/:ref/file`, `/downloads/file?key=`): the order's first document's file
 * as stored, or, with `key`, the document whose file it names. To an allowed caller (not a sensitive one to the
 * shop; decision 026). Each document has its own download (printing/document-file.ts).
 */
export async function sendOrderFile(
  ctx: OrdersContext,
  request: FastifyRequest,
  reply: FastifyReply,
  order: OrderRow,
  key?: string,
) {
  const documents = await documentsOfOrderRow(ctx.db, order);
  const doc = key ? documents.find((d) => keyMatchesDocument(key, d)) : documents[0];
  if (!doc) throw new AppError('not_found', 404, 'File not found');
  // A walk-in whose document is a paper original has no file (decision 025).
  if (!doc.filePath)
    throw new AppError('not_found', 404, 'This order’s first document is a paper original: there is no file.');
  assertDocumentDownloadable(ctx.config, request.principal, order.userId, doc);
  const object = await ctx.storage.get(doc.filePath);
  if (!object) throw new AppError('not_found', 404, 'File not found');
  await noteBackOfficeDownload(ctx, request, order).catch((err: unknown) => {
    object.stream.destroy();
    throw err;
  });
  pdfDownloadHeaders(reply, printCopyName(doc));
  if (object.size) reply.header('content-length', String(object.size));
  return reply.send(object.stream);
}

/**
 * A staff or admin download of an unvisited order from the shop's own screens marks it visited (recorded with who
 * and when) and tells the back office; the same link opened from another site changes nothing (request-origin.ts).
 */
export async function noteBackOfficeDownload(
  ctx: OrdersContext,
  request: FastifyRequest,
  order: OrderRow,
): Promise<void> {
  const p = request.principal;
  if (p && isBackOffice(p) && order.status === 'unvisited' && mayActOnGet(request)) {
    const actor =
      p.kind === 'staff'
        ? { kind: 'staff' as const, id: p.staff.id, name: p.staff.name }
        : { kind: 'admin' as const, id: p.user.id, name: p.user.name };
    if (await markOrderVisited(ctx, order.id, actor)) {
      request.log.info({ orderId: order.id, by: actor.kind, actorId: actor.id }, 'order visited (file downloaded)');
    }
  }
}

export function pdfDownloadHeaders(reply: FastifyReply, filename: string): void {
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
}
