import { and, eq } from 'drizzle-orm';
import { calculateOrderCost, type OrderCost } from '@shop/shared/pricing/order-cost';
import { parsePageRange } from '@shop/shared/orders/page-range';
import type { WalkInDocument } from '@shop/shared/walk-in/schemas';
import type { AppContext } from '../../context.ts';
import { files, type orderDocuments } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { documentRow, printedRow } from '../orders/order-documents.ts';
import { assertPrintable, findOrderableService, pricingInput } from '../pricing/pricing.service.ts';
import type { PricedDocument } from '../pricing/order-documents.service.ts';

/** Who works the counter: a clerk, or the admin (whose uploads are by account). */
export type CounterActor = { kind: 'staff'; id: number; name: string } | { kind: 'admin'; id: number; name: string };

type ServiceRow = Awaited<ReturnType<typeof findOrderableService>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A walk-in document as the server priced it: an uploaded file (the customer path's shape) or a paper original. */
export type WalkInPriced = ({ source: 'upload' } & PricedDocument) | { source: 'paper'; service: ServiceRow; label: string; pages: number; options: WalkInDocument['options'] };

/** The clerk's own counter upload (another clerk's, or a customer's file, is not found). */
async function findCounterPdf(ctx: AppContext, actor: CounterActor, fileId: string) {
  if (!UUID.test(fileId)) throw notFound('File not found. Upload it again.');
  const owner = actor.kind === 'staff' ? eq(files.uploadedByStaffId, actor.id) : eq(files.ownerUserId, actor.id);
  const [file] = await ctx.db
    .select({ id: files.id, storageKey: files.storageKey, originalFilename: files.originalFilename, pageCount: files.pageCount })
    .from(files)
    .where(and(eq(files.id, fileId), owner, eq(files.kind, 'order_pdf')))
    .limit(1);
  if (!file) throw notFound('File not found. Upload it again.');
  if (!file.pageCount || file.pageCount < 1) throw badRequest('This file could not be read. Please upload it again.');
  return file as typeof file & { pageCount: number };
}

/**
 * Prices a walk-in order on the server with the one price function, as the customer path does
 * (pricing/order-documents.service.ts): each service active and offering its print, each file the clerk's own
 * upload with its page range inside it, a paper original by the pages staff counted. A failure names the document
 * when there are several.
 */
export async function priceWalkInDocuments(ctx: AppContext, actor: CounterActor, input: readonly WalkInDocument[]): Promise<{ documents: WalkInPriced[]; cost: OrderCost }> {
  const documents: WalkInPriced[] = [];
  for (const [i, doc] of input.entries()) {
    let name = doc.source === 'paper' ? (doc.label ?? 'paper original') : undefined;
    try {
      const service = await findOrderableService(ctx, doc.options.serviceId);
      if (doc.source === 'paper') {
        assertPrintable(service, doc.options);
        documents.push({ source: 'paper', service, label: doc.label || 'Paper original', pages: doc.pages, options: doc.options });
        continue;
      }
      const file = await findCounterPdf(ctx, actor, doc.fileId);
      name = file.originalFilename;
      assertPrintable(service, doc.options);
      const range = parsePageRange(doc.pageRange, file.pageCount);
      if (!range.ok) throw badRequest(range.message, { [`documents.${i}.pageRange`]: range.message });
      documents.push({ source: 'upload', service, file, options: doc.options, pageRange: range.text, pages: range.pages, sensitive: doc.sensitive });
    } catch (err) {
      if (err instanceof AppError && input.length > 1) throw new AppError(err.code, err.status, `Document ${i + 1}${name ? ` (${name})` : ''}: ${err.message}`, err.fields);
      throw err;
    }
  }
  const cost = pricingInput(() =>
    calculateOrderCost(documents.map((d) => ({ pages: d.source === 'paper' ? d.pages : d.pages.length, service: d.service, options: d.options }))),
  );
  return { documents, cost };
}

/** The order_documents row of a priced walk-in document. */
export function walkInDocumentRow(orderId: number, position: number, doc: WalkInPriced, cost: OrderCost['documents'][number]): typeof orderDocuments.$inferInsert {
  if (doc.source === 'upload') return documentRow(orderId, position, doc, cost);
  return {
    ...printedRow(orderId, position, doc, cost),
    fileId: null,
    // No file: photocopied from the paper the customer brought.
    filePath: '',
    originalFilename: doc.label,
    pageCount: doc.pages,
    pageRange: '',
    printedPages: doc.pages,
    colourMode: 'all',
    colourPages: '',
    bwServiceId: null,
    paperOriginal: true,
  };
}
