import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { OrderDocumentDto } from '@shop/shared/orders/order';
import type { OrderDocument } from '@shop/shared/orders/schemas';
import { formatPageRange, parsePageRange } from '@shop/shared/orders/page-range';
import type { DocumentCost, OrderCost } from '@shop/shared/pricing/order-cost';
import type { Db } from '../../db/client.ts';
import { files, orderDocuments, type orders } from '../../db/schema/index.ts';
import { badRequest } from '../../plugins/errors.ts';
import type { PricedDocument } from '../pricing/order-documents.service.ts';
import { printOf } from '../pricing/pricing.service.ts';
import { printFieldsDto } from './order-dto.ts';

export type OrderDocumentRow = typeof orderDocuments.$inferSelect;

/**
 * The documents of a checkout request: `documents`, or the one document of a request made before several were
 * possible (`fileId` + `options` + `pageRange`).
 */
export function documentsOf(input: { documents?: OrderDocument[]; fileId?: string; options?: OrderDocument['options']; pageRange?: string }): OrderDocument[] {
  if (input.documents?.length) return input.documents;
  if (!input.fileId) throw badRequest('File is required', { fileId: 'File is required' });
  if (!input.options) throw badRequest('Service is required', { options: 'Service is required' });
  return [{ fileId: input.fileId, options: input.options, pageRange: input.pageRange, colourMode: 'all', sensitive: false }];
}

type PricedPrint = Pick<PricedDocument, 'service' | 'options'>;

/** What every document row holds whatever its source: its place, its service's print, the choices and the cost. */
export function printedRow(orderId: number, position: number, doc: PricedPrint, cost: Pick<DocumentCost, 'printingCost' | 'bindingCost'>) {
  const o = doc.options;
  return {
    orderId,
    position,
    serviceId: doc.service.id,
    serviceName: doc.service.name,
    // The print is the service's (decision 009).
    ...printOf(doc.service),
    orientation: o.orientation,
    sides: o.sides,
    copies: o.copies,
    lamination: o.lamination,
    spiralBinding: o.spiralBinding,
    paperBinding: o.paperBinding,
    transparentSheet: o.transparentSheet,
    printingCost: cost.printingCost,
    bindingCost: cost.bindingCost,
  };
}

/** The row of one priced uploaded document: its file, the pages it prints, its colour pages. */
export function documentRow(orderId: number, position: number, doc: PricedDocument, cost: DocumentCost): typeof orderDocuments.$inferInsert {
  return {
    ...printedRow(orderId, position, doc, cost),
    fileId: doc.file.id,
    filePath: doc.file.storageKey,
    originalFilename: doc.file.originalFilename,
    pageCount: doc.file.pageCount,
    pageRange: doc.pageRange,
    printedPages: doc.pages.length,
    colourMode: doc.mixed ? 'mixed' : 'all',
    colourPages: doc.mixed ? formatPageRange(doc.mixed.colourPages) : '',
    bwServiceId: doc.mixed?.bwService.id ?? null,
    sensitive: doc.sensitive,
  };
}

/**
 * The order row's columns from its first document (lists, search and the counter's filters read them) and the order's
 * totals (decision 023): what a checkout and a walk-in order write alike.
 */
export function orderColumnsOf(first: typeof orderDocuments.$inferInsert, cost: OrderCost) {
  return {
    serviceId: first.serviceId,
    serviceName: first.serviceName,
    fileId: first.fileId ?? null,
    printingType: first.printingType,
    paperType: first.paperType,
    paperSize: first.paperSize,
    orientation: first.orientation,
    sides: first.sides,
    copies: first.copies,
    pageCount: first.pageCount,
    filePath: first.filePath,
    originalFilename: first.originalFilename,
    lamination: first.lamination,
    spiralBinding: first.spiralBinding,
    paperBinding: first.paperBinding,
    transparentSheet: first.transparentSheet,
    printingCost: cost.printingCost,
    bindingCost: cost.bindingCost,
    additionalCost: cost.additionalCost,
    subtotal: cost.subtotal,
    discountRate: cost.discountRate,
    discountAmount: cost.discountAmount,
    totalCost: cost.totalCost,
  };
}

/** The documents of these orders, in print order, by order id (one query for a whole list). */
type ListedDocument = OrderDocumentRow & { sourceFormat?: string | null; sourceFilename?: string | null };

export async function documentsByOrder(db: Db, orderIds: readonly number[]): Promise<Map<number, ListedDocument[]>> {
  const byOrder = new Map<number, ListedDocument[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ ...getTableColumns(orderDocuments), sourceFormat: files.sourceFormat, sourceFilename: files.sourceFilename })
    .from(orderDocuments)
    .leftJoin(files, eq(files.id, orderDocuments.fileId))
    .where(inArray(orderDocuments.orderId, [...new Set(orderIds)]))
    .orderBy(asc(orderDocuments.orderId), asc(orderDocuments.position));
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

export function toOrderDocumentDto(row: ListedDocument): OrderDocumentDto {
  return {
    source: row.sourceFormat
      ? { format: row.sourceFormat, filename: row.sourceFilename ?? row.originalFilename, download_url: `/api/orders/${row.orderId}/documents/${row.position}/original` }
      : null,
    position: row.position,
    ...printFieldsDto(row),
    page_range: row.pageRange,
    printed_pages: row.printedPages,
    colour_mode: row.colourMode,
    colour_pages: row.colourPages,
    ...(row.paperOriginal ? { paper_original: true } : {}),
    download_url: `/api/orders/${row.orderId}/documents/${row.position}/file`,
    sensitive: row.sensitive,
    file_deleted_at: row.fileDeletedAt ? row.fileDeletedAt.toISOString() : null,
    file_deleted_reason: row.fileDeletedReason,
  };
}

/** Attaches each order's documents to its DTO (lists, details). */
export async function withDocuments<T extends { id: number }>(db: Db, dtos: T[]): Promise<Array<T & { documents: OrderDocumentDto[] }>> {
  const byOrder = await documentsByOrder(db, dtos.map((d) => d.id));
  return dtos.map((dto) => ({ ...dto, documents: (byOrder.get(dto.id) ?? []).map(toOrderDocumentDto) }));
}

/** One order's DTO with its documents. */
export async function withOneOrder<T extends { id: number }>(ctx: { db: Db }, dto: T): Promise<T & { documents: OrderDocumentDto[] }> {
  const [one] = await withDocuments(ctx.db, [dto]);
  return one!;
}

/** An order's documents as stored; an order written without document rows reads as its own one document. */
export async function documentsOfOrderRow(db: Db, order: typeof orders.$inferSelect): Promise<OrderDocumentRow[]> {
  const rows = await db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id)).orderBy(asc(orderDocuments.position));
  if (rows.length) return rows;
  return [
    {
      id: 0,
      orderId: order.id,
      position: 1,
      serviceId: order.serviceId,
      serviceName: order.serviceName,
      fileId: order.fileId,
      filePath: order.filePath,
      originalFilename: order.originalFilename,
      printingType: order.printingType,
      paperType: order.paperType,
      paperSize: order.paperSize,
      orientation: order.orientation,
      sides: order.sides,
      copies: order.copies,
      pageCount: order.pageCount,
      pageRange: '',
      printedPages: order.pageCount,
      colourMode: 'all',
      colourPages: '',
      bwServiceId: null,
      lamination: order.lamination,
      spiralBinding: order.spiralBinding,
      paperBinding: order.paperBinding,
      transparentSheet: order.transparentSheet,
      paperOriginal: false,
      printingCost: order.printingCost,
      bindingCost: order.bindingCost,
      sensitive: false,
      fileDeletedAt: null,
      fileDeletedReason: null,
    },
  ];
}

/** One document of an order by its place (1-based), or undefined. */
export async function documentAt(db: Db, order: typeof orders.$inferSelect, position: number): Promise<OrderDocumentRow | undefined> {
  if (position === 1) return (await documentsOfOrderRow(db, order))[0];
  const [row] = await db.select().from(orderDocuments).where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.position, position))).limit(1);
  return row;
}

/** The pages a document prints (1-based, ascending), or null for all of them. */
export function printedPagesOf(doc: Pick<OrderDocumentRow, 'pageRange' | 'pageCount'>): number[] | null {
  if (!doc.pageRange) return null;
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  return range.ok ? range.pages : null;
}
