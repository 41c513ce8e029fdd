import type { Service } from '@shop/shared/catalog/schemas';
import { paiseToRupees } from '@shop/shared/common/money';
import {
  LAMINATION_PRICE,
  PAPER_BINDING_PRICE,
  SPIRAL_TIERS,
  TRANSPARENT_SHEET_PRICE,
} from '@shop/shared/pricing/pricing';
import { formatRupees } from '@/lib/format';
import { ordersText, pageRangeProblem } from '../texts';
import { parsePageRange } from '@shop/shared/orders/page-range';
import type { SummarisedDocument } from '@shop/shared/orders/document-summary';
import {
  optionsBody,
  type DocumentCostResult,
  type OrderDocumentBody,
  type PdfUploadResult,
  type PrintOptionsForm,
} from '../api';
import type { PrintSelection } from '../print-selection';

/** The order wizard's model (decision 036): an order of documents, each uploaded file printed its own way. */

export type Binding = 'none' | 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination';
export const BINDINGS: readonly Binding[] = ['none', 'spiralBinding', 'paperBinding', 'transparentSheet', 'lamination'];
const price = (paise: number) => formatRupees(paiseToRupees(paise));
/** Each binding with its price per copy (pricing.ts), so the choice shows what it adds; in the language on screen. */
export function bindingChoiceLabel(b: Binding): string {
  switch (b) {
    case 'none':
      return ordersText('options.noBinding');
    case 'spiralBinding':
      return ordersText('options.spiral', {
        from: price(SPIRAL_TIERS[0]!.price),
        to: price(SPIRAL_TIERS.at(-1)!.price),
      });
    case 'paperBinding':
      return ordersText('options.paperBinding', { price: price(PAPER_BINDING_PRICE) });
    case 'transparentSheet':
      return ordersText('options.transparent', { price: price(TRANSPARENT_SHEET_PRICE) });
    case 'lamination':
      return ordersText('options.lamination', { price: price(LAMINATION_PRICE) });
  }
}

/** serviceId is the service that prices the print (it changes with printing type, paper size and paper type). */
export type WizardOptions = Omit<
  PrintOptionsForm,
  'serviceName' | 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination'
> & { binding: Binding };

/** One document of the order being made. */
export interface DocDraft {
  /** Stable key for lists (the uploaded file's id). */
  key: string;
  upload: PdfUploadResult;
  opts: WizardOptions;
  copiesText: string;
  /** As typed; '' for all pages. */
  pageRange: string;
  /** A colour service: every page in colour, or only the pages holding colour (the rest in black & white). */
  colourMode?: 'all' | 'mixed';
  /** The order it was picked in (uploads answer in any order): keeps a pick of several files in its order. */
  seq?: number;
  /** An ID card or certificate: the shop prints it but cannot download it, and deletes it at handover. */
  sensitive?: boolean;
  /** Its options were open on screen at least once (the review flags a document never looked at: decision 039). */
  seen?: boolean;
}

export const selectionOf = (o: WizardOptions): PrintSelection => ({
  serviceId: o.serviceId,
  printingType: o.printingType,
  paperSize: o.paperSize,
  paperType: o.paperType,
  sides: o.sides,
});

/** The options a new document starts with: the print of the page's service, single-sided when it offers it. */
export function defaultOptions(
  service: Pick<Service, 'id' | 'printing_type' | 'paper_size' | 'paper_type' | 'supports_single_side'>,
): WizardOptions {
  return {
    serviceId: service.id,
    printingType: service.printing_type,
    paperSize: service.paper_size,
    paperType: service.paper_type,
    sides: service.supports_single_side ? 'single' : 'double',
    orientation: 'portrait',
    copies: 1,
    binding: 'none',
  };
}

/** Landscape when most of the file's pages are wider than tall (the issue: "a landscape PDF defaults to Landscape"). */
export function orientationOf(upload: PdfUploadResult): 'portrait' | 'landscape' {
  let wide = 0;
  let total = 0;
  for (const g of upload.pdfInfo.sizeGroups) {
    total += g.count;
    if (g.width > g.height) wide += g.count;
  }
  return total > 0 && wide * 2 > total ? 'landscape' : 'portrait';
}

/** The upload as kept in the draft: without the per-page list (thousands of entries for a long file). */
export function slimUpload(upload: PdfUploadResult): PdfUploadResult {
  return { ...upload, pdfInfo: { ...upload.pdfInfo, pages: [] } };
}

export function printOptionsOf(doc: DocDraft, serviceName?: string): PrintOptionsForm {
  const o = doc.opts;
  return {
    serviceId: o.serviceId,
    serviceName,
    printingType: o.printingType,
    paperSize: o.paperSize,
    paperType: o.paperType,
    sides: o.sides,
    orientation: o.orientation,
    copies: o.copies,
    spiralBinding: o.binding === 'spiralBinding',
    paperBinding: o.binding === 'paperBinding',
    transparentSheet: o.binding === 'transparentSheet',
    lamination: o.binding === 'lamination',
  };
}

/** The checkout body's documents. */
export const documentsBody = (
  docs: readonly DocDraft[],
  nameOf: (serviceId: number) => string | undefined,
): OrderDocumentBody[] =>
  docs.map((d) => ({
    fileId: d.upload.file.id,
    options: optionsBody(printOptionsOf(d, nameOf(d.opts.serviceId))),
    ...(d.pageRange.trim() ? { pageRange: d.pageRange } : {}),
    ...(d.colourMode === 'mixed' && d.opts.printingType === 'color' ? { colourMode: 'mixed' as const } : {}),
    ...(d.sensitive ? { sensitive: true } : {}),
  }));

/** The pages a document prints, or the message saying why its range is wrong. */
export const pagesOf = (doc: DocDraft) => parsePageRange(doc.pageRange, doc.upload.pdfInfo.pageCount);

/** The first document whose copies or pages cannot be priced, with why (named when the order has several). */
export function firstProblem(docs: readonly DocDraft[]): { index: number; message: string } | null {
  for (const [index, doc] of docs.entries()) {
    const copies = Number(doc.copiesText);
    const pages = pagesOf(doc);
    const problem =
      !Number.isInteger(copies) || copies < 1
        ? ordersText('calc.copies')
        : !pages.ok
          ? pageRangeProblem(pages.issue)
          : null;
    if (problem)
      return {
        index,
        message:
          docs.length > 1
            ? ordersText('docs.named', { name: doc.upload.file.originalFilename, message: problem })
            : problem,
      };
  }
  return null;
}

/** What the customer picked, by its own name: photo.jpg, not the PDF the shop made of it. */
export const pickedName = (doc: DocDraft) => doc.upload.converted?.originalFilename ?? doc.upload.file.originalFilename;

/**
 * A document of the wizard as the one line per document reads it (shared/src/orders/document-summary.ts): the
 * server's reading of its range and colour pages once priced (`priced`), the typed range meanwhile.
 */
export function summaryOf(
  doc: DocDraft,
  priced?: DocumentCostResult & { pageRange?: string; colourPages?: string },
): SummarisedDocument {
  const pages = pagesOf(doc);
  return {
    originalFilename: pickedName(doc),
    pageCount: doc.upload.pdfInfo.pageCount,
    pageRange: priced?.pageRange ?? (pages.ok ? pages.text : ''),
    printedPages: priced?.pages ?? (pages.ok ? pages.pages.length : doc.upload.pdfInfo.pageCount),
    printingType: doc.opts.printingType,
    colourMode: doc.colourMode === 'mixed' && doc.opts.printingType === 'color' && priced ? 'mixed' : 'all',
    colourPages: priced?.colourPages ?? '',
    copies: doc.opts.copies,
  };
}
