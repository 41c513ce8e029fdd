import { and, asc, eq } from 'drizzle-orm';
import { formatPageRange } from '@shop/shared/orders/page-range';
import type { PrintOptions } from '@shop/shared/orders/schemas';
import type { DeliveryType } from '@shop/shared/common/options';
import { mixedColourPartner, mixedColourUnavailable } from '@shop/shared/pricing/mixed-colour';
import {
  DocumentPricingError,
  priceOrder,
  type DocumentToPrice,
  type OrderPrice,
} from '@shop/shared/pricing/price-order';
import { PricingError } from '@shop/shared/pricing/pricing';
import type { AppContext } from '../../context.ts';
import { files, services, type orderDocuments } from '../../db/schema/index.ts';
import { colourPagesOf, type UploadOwner } from '../pdf/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { assertPrintable, findOrderableService, printOf } from './pricing.service.ts';

type ServiceRow = Awaited<ReturnType<typeof findOrderableService>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document as a request names it: an upload (the customer's, or the clerk's at the counter) or a paper original. */
export type DocumentRequest =
  | {
      source?: 'upload';
      fileId: string;
      options: PrintOptions;
      pageRange?: string;
      colourMode?: 'all' | 'mixed';
      sensitive?: boolean;
    }
  | { source: 'paper'; label?: string; pages: number; options: PrintOptions };

/** What pricing needs of a stored upload (never its page list: decision 010). */
export interface DocumentFile {
  id: string;
  storageKey: string;
  originalFilename: string;
  pageCount: number;
  sourceFormat: string | null;
  sourceFilename: string | null;
}

/** Whose files a request may use, and how a missing one is told. */
export interface PricingCaller {
  owner: UploadOwner;
  /** The counter (a walk-in): a missing file is the clerk's to upload again. */
  atCounter?: boolean;
}

/** One document as the server priced it, with the rows it read. */
export interface PricedRequestDocument {
  source: 'upload' | 'paper';
  service: ServiceRow;
  /** The upload; null for a paper original. */
  file: DocumentFile | null;
  /** What the customer picked, by its own name (photo.jpg), or the paper original's label. */
  name: string;
  /** The format the print copy was made from, or null. */
  convertedFrom: string | null;
  options: PrintOptions;
  /** The black & white service that priced a mixed document's other pages (decision 016). */
  bwService: ServiceRow | null;
  sensitive: boolean;
}

/** The caller's own upload (someone else's is "not found" too). */
export async function findOwnFile(ctx: AppContext, caller: PricingCaller, fileId: string): Promise<DocumentFile> {
  const missing = caller.atCounter ? 'File not found. Upload it again.' : 'File not found';
  if (!UUID.test(fileId)) throw notFound(missing);
  const owner =
    caller.owner.staffId !== undefined
      ? eq(files.uploadedByStaffId, caller.owner.staffId)
      : eq(files.ownerUserId, caller.owner.userId);
  const [file] = await ctx.db
    .select({
      id: files.id,
      storageKey: files.storageKey,
      originalFilename: files.originalFilename,
      pageCount: files.pageCount,
      sourceFormat: files.sourceFormat,
      sourceFilename: files.sourceFilename,
    })
    .from(files)
    .where(and(eq(files.id, fileId), owner, eq(files.kind, 'order_pdf')))
    .limit(1);
  if (!file) throw notFound(missing);
  if (!file.pageCount || file.pageCount < 1) throw badRequest('This file could not be read. Please upload it again.');
  return { ...file, pageCount: file.pageCount };
}

/**
 * "Colour pages in colour, the rest in black & white" (docs/decisions/016): only a colour service does it, and only
 * when an active black & white service prints the same paper size and type on the chosen sides.
 */
async function mixedPartnerOf(ctx: AppContext, service: ServiceRow, options: PrintOptions): Promise<ServiceRow> {
  if (service.printingType !== 'color')
    throw badRequest('Only a colour service can print the colour pages in colour and the rest in black & white.', {
      colourMode: 'Not available for this service',
    });
  const candidates = await ctx.db
    .select()
    .from(services)
    .where(
      and(
        eq(services.isActive, true),
        eq(services.deleted, false),
        eq(services.printingType, 'bw'),
        eq(services.paperSize, service.paperSize),
        eq(services.paperType, service.paperType),
      ),
    )
    .orderBy(asc(services.id));
  const partner = mixedColourPartner(candidates, service, options.sides);
  if (!partner) throw badRequest(mixedColourUnavailable(service, options.sides), { colourMode: 'Not available' });
  return partner;
}

/**
 * Prices an order's documents on the server with the one price function (shared/src/pricing/price-order.ts): each
 * service active and offering the print asked for (decision 009), each file the caller's own upload, each page range
 * inside its file, a paper original by the pages staff counted. The quote, the checkout and the counter all come
 * here. A refusal names the document when there are several ("Document 2 (thesis.pdf): …").
 */
export async function priceDocuments(
  ctx: AppContext,
  caller: PricingCaller,
  input: readonly DocumentRequest[],
  delivery: DeliveryType,
  findService: (id: number) => Promise<ServiceRow> = (id) => findOrderableService(ctx, id),
): Promise<{ documents: PricedRequestDocument[]; price: OrderPrice }> {
  const documents: PricedRequestDocument[] = [];
  const toPrice: DocumentToPrice[] = [];
  const named = (i: number, name: string | undefined, err: AppError) =>
    input.length > 1 && !err.message.startsWith('Document ')
      ? new AppError(err.code, err.status, `Document ${i + 1}${name ? ` (${name})` : ''}: ${err.message}`, err.fields)
      : err;
  for (const [i, doc] of input.entries()) {
    let name: string | undefined = doc.source === 'paper' ? (doc.label ?? 'paper original') : undefined;
    try {
      const service = await findService(doc.options.serviceId);
      if (doc.source === 'paper') {
        assertPrintable(service, doc.options);
        const label = doc.label || 'Paper original';
        documents.push({
          source: 'paper',
          service,
          file: null,
          name: label,
          convertedFrom: null,
          options: doc.options,
          bwService: null,
          sensitive: false,
        });
        toPrice.push({ pageCount: doc.pages, service, options: doc.options });
        continue;
      }
      const file = await findOwnFile(ctx, caller, doc.fileId);
      name = file.sourceFilename ?? file.originalFilename;
      assertPrintable(service, doc.options);
      const bwService = doc.colourMode === 'mixed' ? await mixedPartnerOf(ctx, service, doc.options) : null;
      const mixed = bwService
        ? { colourPages: (await colourPagesOf(ctx, file.id, caller.owner)).colourPages, bwService }
        : undefined;
      documents.push({
        source: 'upload',
        service,
        file,
        name,
        convertedFrom: file.sourceFormat,
        options: doc.options,
        bwService,
        sensitive: doc.sensitive ?? false,
      });
      toPrice.push({ pageCount: file.pageCount, pageRange: doc.pageRange, service, options: doc.options, mixed });
    } catch (err) {
      throw err instanceof AppError ? named(i, name, err) : err;
    }
  }
  return { documents, price: priceOrRefuse(toPrice, delivery, (i) => documents[i]?.name) };
}

/**
 * The one price function, its refusals made answers: one document's (a page range past the end, a spiral book too
 * thick…) is said about that document when there are several, a page range's on its field.
 */
export function priceOrRefuse(
  toPrice: readonly DocumentToPrice[],
  delivery: DeliveryType,
  nameOf: (index: number) => string | undefined = () => undefined,
): OrderPrice {
  try {
    return priceOrder(toPrice, delivery);
  } catch (err) {
    if (err instanceof DocumentPricingError) {
      const refusal = err.issue
        ? badRequest(err.message, { [`documents.${err.index}.pageRange`]: err.message })
        : new AppError('validation_error', 400, err.message);
      if (toPrice.length < 2) throw refusal;
      const name = nameOf(err.index);
      throw new AppError(
        refusal.code,
        refusal.status,
        `Document ${err.index + 1}${name ? ` (${name})` : ''}: ${refusal.message}`,
        refusal.fields,
      );
    }
    if (err instanceof PricingError) throw new AppError('validation_error', 400, err.message);
    throw err;
  }
}

/** The order_documents rows of an order priced by priceDocuments (payments/order-number.ts adds the order's id). */
export function documentRows(
  documents: readonly PricedRequestDocument[],
  price: OrderPrice,
): Array<Omit<typeof orderDocuments.$inferInsert, 'orderId'>> {
  return documents.map((doc, i) => {
    const priced = price.documents[i]!;
    const o = doc.options;
    return {
      position: i + 1,
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
      fileId: doc.file?.id ?? null,
      // A paper original has no file: photocopied from the paper the customer brought (decision 025).
      filePath: doc.file?.storageKey ?? '',
      originalFilename: doc.name,
      convertedFrom: doc.convertedFrom,
      paperOriginal: doc.source === 'paper',
      pageCount: doc.file?.pageCount ?? priced.printed.length,
      pageRange: priced.pageRange,
      printedPages: priced.printed.length,
      colourMode: doc.bwService ? 'mixed' : 'all',
      colourPages: doc.bwService ? formatPageRange(priced.colourPages) : '',
      bwServiceId: doc.bwService?.id ?? null,
      sensitive: doc.sensitive,
      printingCost: priced.printingCost,
      bindingCost: priced.bindingCost,
    };
  });
}
