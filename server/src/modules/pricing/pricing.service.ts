import { and, eq } from 'drizzle-orm';
import { PricingError } from '@shop/shared/pricing/pricing';
import type { PrintOptions } from '@shop/shared/orders/schemas';
import {
  isSamePrint,
  notOfferedMessage,
  PRINT_OPTIONS_NOT_OFFERED,
  printMismatchFields,
  type PrintChoice,
} from '@shop/shared/catalog/print-offer';
import type { AppContext } from '../../context.ts';
import { services } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';

type ServiceRow = typeof services.$inferSelect;

/** An active, non-deleted service, or 404 'Service not found'. */
export async function findOrderableService(ctx: AppContext, serviceId: number): Promise<ServiceRow> {
  if (!Number.isSafeInteger(serviceId) || serviceId <= 0 || serviceId > 2_147_483_647)
    throw notFound('Service not found');
  const [service] = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.isActive, true), eq(services.deleted, false)))
    .limit(1);
  if (!service) throw notFound('Service not found');
  return service;
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
  throw new AppError(
    PRINT_OPTIONS_NOT_OFFERED,
    400,
    notOfferedMessage(service.name, offered, options),
    printMismatchFields(offered, options),
  );
}

/** The service prints these options: its own print (decision 009) on sides it offers. */
export function assertPrintable(service: ServiceRow, options: PrintOptions): void {
  assertServiceOffers(service, options);
  if (options.sides === 'single' && !service.supportsSingleSide)
    throw badRequest('This service does not offer single-sided printing', { sides: 'Not available for this service' });
  if (options.sides === 'double' && !service.supportsDoubleSide)
    throw badRequest('This service does not offer double-sided printing', { sides: 'Not available for this service' });
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
