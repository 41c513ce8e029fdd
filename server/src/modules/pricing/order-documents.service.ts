import { calculateOrderCost, type OrderCost } from '@shop/shared/pricing/order-cost';
import { parsePageRange } from '@shop/shared/orders/page-range';
import type { OrderDocument } from '@shop/shared/orders/schemas';
import type { PrintOptions } from '@shop/shared/orders/schemas';
import type { AppContext } from '../../context.ts';
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
      documents.push({ service, file, options: doc.options, pageRange: range.text, pages: range.pages });
    } catch (err) {
      if (err instanceof AppError && input.length > 1 && !err.message.startsWith('Document ')) {
        throw new AppError(err.code, err.status, `${which(name)}${err.message}`, err.fields);
      }
      throw err;
    }
  }
  const cost = pricingInput(() => calculateOrderCost(documents.map((d) => ({ pages: d.pages.length, service: d.service, options: d.options }))));
  return { documents, cost };
}
