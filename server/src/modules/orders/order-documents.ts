import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderDocumentDto } from '@shop/shared/orders/order';
import type { OrderDocument } from '@shop/shared/orders/schemas';
import { parsePageRange } from '@shop/shared/orders/page-range';
import type { Db } from '../../db/client.ts';
import { orderDocuments, type orders } from '../../db/schema/index.ts';
import { badRequest } from '../../plugins/errors.ts';
import { printFieldsDto } from './print-fields-dto.ts';

/**
 * An order's documents (docs/decisions/036-order-model.md): everything about what is printed. The order row is the
 * header; these rows are read for every screen, mail, ticket, print job, report and bill.
 */
export type OrderDocumentRow = typeof orderDocuments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * The documents of a checkout request: `documents`, or the original API's one-document body (`fileId` + `options` +
 * `pageRange`), a thin adapter meaning the same as a list of one.
 */
export function documentsOf(input: {
  documents?: OrderDocument[];
  fileId?: string;
  options?: OrderDocument['options'];
  pageRange?: string;
}): OrderDocument[] {
  if (input.documents?.length) return input.documents;
  if (!input.fileId) throw badRequest('File is required', { fileId: 'File is required' });
  if (!input.options) throw badRequest('Service is required', { options: 'Service is required' });
  return [
    { fileId: input.fileId, options: input.options, pageRange: input.pageRange, colourMode: 'all', sensitive: false },
  ];
}

/** The documents of these orders, in print order, by order id (one query for a whole list). */
export async function documentsByOrder(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderDocumentRow[]>> {
  const byOrder = new Map<number, OrderDocumentRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderDocuments)
    .where(inArray(orderDocuments.orderId, [...new Set(orderIds)]))
    .orderBy(asc(orderDocuments.orderId), asc(orderDocuments.position));
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

export function toOrderDocumentDto(row: OrderDocumentRow): OrderDocumentDto {
  return {
    position: row.position,
    ...printFieldsDto(row),
    page_range: row.pageRange,
    printed_pages: row.printedPages,
    colour_mode: row.colourMode,
    colour_pages: row.colourPages,
    converted_from: row.convertedFrom,
    // The photo or Word file itself, while the file is kept (its PDF's row holds it).
    source:
      row.convertedFrom && row.fileId
        ? {
            format: row.convertedFrom,
            filename: row.originalFilename,
            download_url: `/api/orders/${row.orderId}/documents/${row.position}/original`,
          }
        : null,
    ...(row.paperOriginal ? { paper_original: true } : {}),
    download_url: `/api/orders/${row.orderId}/documents/${row.position}/file`,
    sensitive: row.sensitive,
    file_deleted_at: row.fileDeletedAt ? row.fileDeletedAt.toISOString() : null,
    file_deleted_reason: row.fileDeletedReason,
  };
}

/** Order rows made into answers with their documents: one query for the documents of the whole list. */
export async function withDocuments<T>(
  db: Db,
  rows: readonly OrderRow[],
  make: (row: OrderRow, documents: OrderDocumentRow[]) => T,
): Promise<T[]> {
  const byOrder = await documentsByOrder(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => make(row, byOrder.get(row.id) ?? []));
}

/** One order row made into an answer with its documents. */
export async function withOneOrder<T>(
  db: Db,
  row: OrderRow,
  make: (row: OrderRow, documents: OrderDocumentRow[]) => T,
): Promise<T> {
  return make(row, await documentsOfOrderRow(db, row));
}

/** An order's documents, in print order. */
export async function documentsOfOrderRow(db: Db, order: Pick<OrderRow, 'id'>): Promise<OrderDocumentRow[]> {
  return db
    .select()
    .from(orderDocuments)
    .where(eq(orderDocuments.orderId, order.id))
    .orderBy(asc(orderDocuments.position));
}

/** One document of an order by its place (1-based), or undefined. */
export async function documentAt(
  db: Db,
  order: Pick<OrderRow, 'id'>,
  position: number,
): Promise<OrderDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.position, position)))
    .limit(1);
  return row;
}

/** The pages a document prints (1-based, ascending), from its stored normal form, or null for all of them. */
export function printedPagesOf(doc: Pick<OrderDocumentRow, 'pageRange' | 'pageCount'>): number[] | null {
  if (!doc.pageRange) return null;
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  return range.ok ? range.pages : null;
}

/** The name a document's print copy downloads as: photo.jpg's PDF is photo.pdf (its own name, a PDF's extension). */
export function printCopyName(doc: Pick<OrderDocumentRow, 'originalFilename' | 'convertedFrom'>): string {
  return doc.convertedFrom ? `${doc.originalFilename.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.pdf` : doc.originalFilename;
}

/** Any finishing work (binding, lamination) on any document: the order is not done when the paper is. */
export const hasFinishing = (
  documents: readonly Pick<OrderDocumentRow, 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination'>[],
) => documents.some((d) => d.spiralBinding || d.paperBinding || d.transparentSheet || d.lamination);

/** The search column of an order (orders.document_names): its documents' names, one a line. */
export const documentNamesOf = (documents: ReadonlyArray<{ originalFilename: string }>) =>
  documents.map((d) => d.originalFilename).join('\n');
