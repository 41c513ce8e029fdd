import { formatPaise } from '@shop/shared/common/money';
import { paperSizeLabel, paperTypeLabel, PRINTING_TYPE_LABELS, type PrintingType } from '@shop/shared/common/options';
import { PRINTER_ROLE_LABELS, type PrinterRole } from '@shop/shared/printing/schemas';
import type { Config } from '../../config/env.ts';
import type { orders, PrintJobSettings } from '../../db/schema/index.ts';
import { documentColour, documentName } from '@shop/shared/orders/document-summary';
import { addressText, documentWords, printedPagesOf, type OrderDocumentRow } from '../orders/index.ts';
import { ticketPageSize } from './media.ts';
import type { TicketData } from './ticket.ts';
import { shopDateFormat } from '@shop/shared/common/shop-clock';

type OrderRow = typeof orders.$inferSelect;

const parsedRange = (doc: TicketDocument) => printedPagesOf(doc);

// Made with the first ticket (the shop clock keeps them): a formatter made at start loads ICU's tables (decision 044).
const ticketFormats = () => ({
  readyFmt: shopDateFormat({ hour: 'numeric', minute: '2-digit', day: 'numeric', month: 'short' }),
  when: shopDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
});

/** "1–5, 8": a page list written as ranges. */
export function pageRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(j > i ? `${pages[i]}–${pages[j]}` : String(pages[i]));
    i = j + 1;
  }
  return parts.join(', ');
}

export function bindingText(
  order: Pick<OrderDocumentRow, 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination'>,
): string {
  const parts = [
    order.spiralBinding && 'Spiral binding',
    order.paperBinding && 'Paper binding',
    order.transparentSheet && 'Transparent sheet',
    order.lamination && 'Lamination',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'None';
}

type TicketDocument = Pick<
  OrderDocumentRow,
  | 'originalFilename'
  | 'convertedFrom'
  | 'printedPages'
  | 'pageCount'
  | 'pageRange'
  | 'copies'
  | 'sides'
  | 'paperSize'
  | 'paperType'
  | 'orientation'
  | 'printingType'
  | 'colourMode'
  | 'colourPages'
  | 'spiralBinding'
  | 'paperBinding'
  | 'transparentSheet'
  | 'lamination'
> & { paperOriginal?: boolean };

const words = documentWords('en');

/**
 * The print line: a mixed document says how many pages go in colour (the one line's words, "2 colour + 4 B&W") and
 * which (decision 016), so the clerk can check them.
 */
const printingText = (doc: TicketDocument) =>
  doc.colourMode === 'mixed'
    ? `${documentColour(doc, words)}: colour on pages ${doc.colourPages ? pageRanges(printedPagesOf({ pageRange: doc.colourPages, pageCount: doc.pageCount }) ?? []) : '(none)'}; the rest black & white`
    : (PRINTING_TYPE_LABELS[doc.printingType as PrintingType] ?? doc.printingType);

/**
 * What the ticket says about an order: every document of it (the "Print ticket" cover sheet), or, on a print job's
 * own ticket, the job's document with the pages and settings it was sent with.
 */
export function ticketDataFor(
  config: Config,
  order: OrderRow,
  documents: readonly TicketDocument[],
  job?: {
    id: number;
    attempt: number;
    settings: PrintJobSettings;
    sheets: number;
    printer: { name: string; role: string | null };
  },
): TicketData {
  const settings = job?.settings;
  const role = job?.printer.role as PrinterRole | null | undefined;
  return {
    shopName: config.SHOP_NAME,
    orderNumber: order.orderNumber,
    qrText: order.orderNumber,
    customerName: order.userName,
    customerPhone: order.mobileNumber,
    delivery: {
      type: order.deliveryType,
      address: order.deliveryType === 'delivery' ? addressText(order.address) : '',
    },
    documents: documents.map((doc) => {
      const pageList = settings ? settings.pages : parsedRange(doc);
      const pages = doc.paperOriginal
        ? `${doc.pageCount} (paper original: photocopy by hand)`
        : pageList
          ? `${pageRanges(pageList)} (${pageList.length} of ${doc.pageCount})`
          : `${doc.pageCount} (all)`;
      const sides =
        doc.sides === 'double'
          ? settings?.manualDuplex
            ? 'Double-sided (by hand: turn the stack)'
            : 'Double-sided (long edge)'
          : 'Single-sided';
      return {
        // What the customer picked, by its own name ("photo.jpg (converted to PDF)"), or the paper original's label.
        name: documentName(doc, words, { showConversion: true }),
        pages,
        copies: doc.copies,
        sides,
        paper: `${paperSizeLabel(doc.paperSize)} ${paperTypeLabel(doc.paperType)} · ${doc.orientation === 'landscape' ? 'Landscape' : 'Portrait'}`,
        printing: printingText(doc),
        binding: bindingText(doc),
      };
    }),
    paid: formatPaise(order.totalAmount),
    paidAt: order.paidAt ? ticketFormats().when.format(order.paidAt) : null,
    readyBy: order.readyBy ? ticketFormats().readyFmt.format(order.readyBy) : null,
    waiting: order.customerWaiting,
    job: job
      ? {
          printer: role ? `${job.printer.name} (${PRINTER_ROLE_LABELS[role]})` : job.printer.name,
          id: job.id,
          attempt: job.attempt,
          sheets: job.sheets,
          manualDuplex: job.settings.manualDuplex,
        }
      : undefined,
    printedAt: ticketFormats().when.format(new Date()),
    // The ticket goes in front of the paper: the first document's size (a job's ticket, its document's).
    size: ticketPageSize(documents[0]?.paperSize ?? 'a4'),
  };
}
