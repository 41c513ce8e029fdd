import { and, eq } from 'drizzle-orm';
import { calculateCost, PricingError, type CostBreakdown } from '@shop/shared/pricing/pricing';
import type { PrintOptions } from '@shop/shared/orders/schemas';
import { isSamePrint, notOfferedMessage, PRINT_OPTIONS_NOT_OFFERED, printMismatchFields, type PrintChoice } from '@shop/shared/catalog/print-offer';
import type { AppContext } from '../../context.ts';
import { files, services } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';

type ServiceRow = typeof services.$inferSelect;
/** What pricing and the draft order need of a file: never its page list (decision 010). */
type FileRow = Pick<typeof files.$inferSelect, 'id' | 'storageKey' | 'originalFilename' | 'pageCount'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active, non-deleted service, or 404 'Service not found'. */
export async function findOrderableService(ctx: AppContext, serviceId: number): Promise<ServiceRow> {
  if (!Number.isSafeInteger(serviceId) || serviceId <= 0 || serviceId > 2_147_483_647) throw notFound('Service not found');
  const [service] = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.isActive, true), eq(services.deleted, false)))
    .limit(1);
  if (!service) throw notFound('Service not found');
  return service;
}

/** The caller's own uploaded PDF, or 404 'File not found' (someone else's file is not found either). */
export async function findOwnedPdf(ctx: AppContext, userId: number, fileId: string): Promise<FileRow & { pageCount: number }> {
  if (!UUID.test(fileId)) throw notFound('File not found');
  const [file] = await ctx.db
    .select({ id: files.id, storageKey: files.storageKey, originalFilename: files.originalFilename, pageCount: files.pageCount })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerUserId, userId), eq(files.kind, 'order_pdf')))
    .limit(1);
  if (!file) throw notFound('File not found');
  if (!file.pageCount || file.pageCount < 1) throw badRequest('This file could not be read. Please upload it again.');
  return file as FileRow & { pageCount: number };
}

/** What a service prints: its own printing type, paper size and paper type (never the client's). */
export function printOf(service: ServiceRow): PrintChoice {
  return { printingType: service.printingType, paperSize: service.paperSize, paperType: service.paperType };
}

/**
 * The service decides the print (docs/decisions/009-service-decides-the-print.md): a service asked to print another
 * printing type, paper size or paper type is refused, so its price can never buy a dearer print.
 */
export function assertServiceOffers(service: ServiceRow, options: PrintOptions): void {
  const offered = printOf(service);
  if (isSamePrint(offered, options)) return;
  throw new AppError(PRINT_OPTIONS_NOT_OFFERED, 400, notOfferedMessage(service.name, offered, options), printMismatchFields(offered, options));
}

/** The service prints these options: its own print (decision 009) on sides it offers. */
export function assertPrintable(service: ServiceRow, options: PrintOptions): void {
  assertServiceOffers(service, options);
  if (options.sides === 'single' && !service.supportsSingleSide) throw badRequest('This service does not offer single-sided printing', { sides: 'Not available for this service' });
  if (options.sides === 'double' && !service.supportsDoubleSide) throw badRequest('This service does not offer double-sided printing', { sides: 'Not available for this service' });
}

/** A pricing rule broken by the input (too many pages for a spiral book…) is the customer's 400, not a 500. */
export function pricingInput<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof PricingError) throw new AppError('validation_error', 400, err.message);
    throw err;
  }
}

/** The server's price for these options: pages from the stored file, prices from the service row, which must offer them. */
export function priceFor(service: ServiceRow, pages: number, options: PrintOptions): CostBreakdown {
  assertPrintable(service, options);
  return pricingInput(() => calculateCost({ pages, service, options }));
}
