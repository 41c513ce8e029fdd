import { calculateOrderCost, type OrderCost } from '@shop/shared/pricing/order-cost';
import { parsePageRange } from '@shop/shared/orders/page-range';
import type { OrderDocument } from '@shop/shared/orders/schemas';
import type { PrintOptions } from '@shop/shared/orders/schemas';
import { and, asc, eq } from 'drizzle-orm';
import { paperSizeLabel, paperTypeLabel } from '@shop/shared/common/options';
import type { AppContext } from '../../context.ts';
import { services } from '../../db/schema/index.ts';
import { colourPagesOf } from '../pdf/colours.service.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { assertPrintable, findOrderableService, findOwnedPdf, pricingInput } from './pricing.service.ts';

type ServiceRow = Awaited<ReturnType<typeof findOrderableService>>;
type FileRow = Awaited<ReturnType<typeof findOwnedPdf>>;

/** One document of an order as the server priced it: its service and file rows, options and the pages that print. */
export interface PricedDocument {
  service: ServiceRow;
  file: FileRow;
  options: PrintOptions;
  /** Normal form of the page range; '' for all pages. */
  pageRange: string;
  /** 1-based pages that print, ascending. */
  pages: number[];
  /** Colour pages in colour, the rest at this black & white service's rate (decision 016). */
  mixed?: { bwService: ServiceRow; colourPages: number[] };
  /** An ID card or certificate (decision 026). */
  sensitive: boolean;
}

/**
 * Prices an order of documents on the server (issue 12; docs/decisions/023-orders-of-several-documents.md): each
 * document's file must be the caller's own upload, its service active and offering its options, its page range
 * inside the file. A failure names the document when there are several ("Document 2 (thesis.pdf): …").
 */
export async function priceDocuments(
  ctx: AppContext,
  userId: number,
  input: readonly OrderDocument[],
  findService: (id: number) => Promise<ServiceRow> = (id) => findOrderableService(ctx, id),
): Promise<{ documents: PricedDocument[]; cost: OrderCost }> {
  const documents: PricedDocument[] = [];
  for (const [i, doc] of input.entries()) {
    const which = (name?: string) => (input.length > 1 ? `Document ${i + 1}${name ? ` (${name})` : ''}: ` : '');
    let name: string | undefined;
    try {
      const service = await findService(doc.options.serviceId);
      const file = await findOwnedPdf(ctx, userId, doc.fileId);
      name = file.originalFilename;
      assertPrintable(service, doc.options);
      const range = parsePageRange(doc.pageRange, file.pageCount);
      if (!range.ok) throw badRequest(`${which(file.originalFilename)}${range.message}`, { [`documents.${i}.pageRange`]: range.message });
      const mixed = doc.colourMode === 'mixed' ? await mixedColourOf(ctx, userId, service, file.id, doc.options, range.pages) : undefined;
      documents.push({ service, file, options: doc.options, pageRange: range.text, pages: range.pages, mixed, sensitive: doc.sensitive ?? false });
    } catch (err) {
      if (err instanceof AppError && input.length > 1 && !err.message.startsWith('Document ')) {
        throw new AppError(err.code, err.status, `${which(name)}${err.message}`, err.fields);
      }
      throw err;
    }
  }
  const cost = pricingInput(() =>
    calculateOrderCost(
      documents.map((d) => ({
        pages: d.pages.length,
        service: d.service,
        options: d.options,
        mixed: d.mixed && { printed: d.pages, colour: new Set(d.mixed.colourPages), bwService: d.mixed.bwService },
      })),
    ),
  );
  return { documents, cost };
}

/**
 * "Colour pages in colour, the rest in black & white" (docs/decisions/016): only a colour service does it, and
 * only when an active black & white service prints the same paper size and type on the chosen sides; its rate
 * prices the pages without colour.
 */
async function mixedColourOf(ctx: AppContext, userId: number, service: ServiceRow, fileId: string, options: PrintOptions, printed: number[]) {
  if (service.printingType !== 'color') throw badRequest('Only a colour service can print the colour pages in colour and the rest in black & white.', { colourMode: 'Not available for this service' });
  const candidates = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.isActive, true), eq(services.deleted, false), eq(services.printingType, 'bw'), eq(services.paperSize, service.paperSize), eq(services.paperType, service.paperType)))
    .orderBy(asc(services.id));
  const bwService = candidates.find((s) => (options.sides === 'double' ? s.supportsDoubleSide : s.supportsSingleSide));
  if (!bwService) {
    throw badRequest(`The shop has no black & white service for ${paperSizeLabel(service.paperSize)} ${paperTypeLabel(service.paperType)} ${options.sides === 'double' ? 'double-sided' : 'single-sided'} just now. Please print all pages in colour.`, { colourMode: 'Not available' });
  }
  const { colourPages } = await colourPagesOf(ctx, fileId, userId);
  const printedSet = new Set(printed);
  return { bwService, colourPages: colourPages.filter((p) => printedSet.has(p)) };
}
