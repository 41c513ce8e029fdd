import type en from '../i18n/words/en.ts';
import { parsePageRange } from './page-range.ts';

/**
 * One line per document, the same on every screen, mail, ticket, report and bill
 * (docs/decisions/036-order-model.md): "report.pdf · pages 1-6 · 2 colour + 4 B&W · 1 copy".
 *
 * The words are the shared catalogue's (`document.*` in i18n/words), so each side passes its own translator for the
 * reader's language: the web app its Lingui catalogue, the server the catalogue of the mail's or bill's language.
 */

/** What the line needs of a document: a document row (server) or `documentOfDto(dto)` (web) alike. */
export interface SummarisedDocument {
  /** The name of what the customer picked: photo.jpg, not the PDF made from it. */
  originalFilename: string;
  /** The format the shop made the PDF from ('jpeg', 'docx'…), or null for a PDF sent as a PDF. */
  convertedFrom?: string | null;
  /** A paper original photocopied at the counter (no file). */
  paperOriginal?: boolean;
  /** Pages of the file (or counted on the paper). */
  pageCount: number;
  /** The pages that print, normal form ('1-6, 9'); '' for all. */
  pageRange: string;
  /** How many pages print per copy. */
  printedPages: number;
  printingType: string;
  /** 'mixed': the colour pages in colour, the rest in black & white (decision 016). */
  colourMode?: 'all' | 'mixed' | string;
  /** The printed pages holding colour, normal form ('4-6'). */
  colourPages?: string;
  copies: number;
}

export type DocumentWordKey = Extract<keyof typeof en, `document.${string}`>;
/** A translator of the shared words in one language. */
export type DocumentWords = (key: DocumentWordKey, values?: Record<string, string | number>) => string;

/** A mixed-colour document's split of its printed pages (per copy); null for a document printed all one way. */
export function colourSplit(
  doc: Pick<SummarisedDocument, 'colourMode' | 'colourPages' | 'printedPages' | 'pageCount'>,
): { colour: number; bw: number } | null {
  if (doc.colourMode !== 'mixed') return null;
  const range = doc.colourPages ? parsePageRange(doc.colourPages, Math.max(doc.pageCount, 1)) : null;
  const colour = range?.ok ? range.pages.length : 0;
  return { colour, bw: Math.max(doc.printedPages - colour, 0) };
}

/** The pages that print per copy and the copies: what reports count as pages printed. */
export const pagesPrinted = (doc: Pick<SummarisedDocument, 'printedPages' | 'copies'>) => doc.printedPages * doc.copies;

export interface SummaryOptions {
  /** Say "(converted to PDF)" after a photo's or Word file's name (the counter, the admin); customers know. */
  showConversion?: boolean;
  /** Leave the name out (a list that shows it on its own line). */
  withoutName?: boolean;
}

/** The document's name as people read it: what they picked, marked as a paper original or converted when asked. */
export function documentName(
  doc: Pick<SummarisedDocument, 'originalFilename' | 'convertedFrom' | 'paperOriginal'>,
  t: DocumentWords,
  options: SummaryOptions = {},
): string {
  if (doc.paperOriginal) return t('document.paperOriginal', { name: doc.originalFilename });
  if (doc.convertedFrom && options.showConversion) return t('document.converted', { name: doc.originalFilename });
  return doc.originalFilename;
}

/** Its pages: "38 pages" for all of them, "pages 1-6" for a range. */
export function documentPages(
  doc: Pick<SummarisedDocument, 'pageRange' | 'printedPages' | 'pageCount'>,
  t: DocumentWords,
): string {
  return doc.pageRange
    ? t('document.pagesRange', { count: doc.printedPages, range: doc.pageRange })
    : t('document.pagesAll', { count: doc.pageCount });
}

/** How it prints: "colour", "B&W", "PVC card", or "2 colour + 4 B&W" for a mixed document. */
export function documentColour(
  doc: Pick<SummarisedDocument, 'printingType' | 'colourMode' | 'colourPages' | 'printedPages' | 'pageCount'>,
  t: DocumentWords,
): string {
  const split = colourSplit(doc);
  if (split) return t('document.mixed', split);
  if (doc.printingType === 'bw') return t('document.bw');
  if (doc.printingType === 'pvc') return t('document.pvc');
  return t('document.colour');
}

/** The parts of the line, in order: name, pages, colour, copies. */
export function documentSummaryParts(
  doc: SummarisedDocument,
  t: DocumentWords,
  options: SummaryOptions = {},
): string[] {
  return [
    ...(options.withoutName ? [] : [documentName(doc, t, options)]),
    documentPages(doc, t),
    documentColour(doc, t),
    t('document.copies', { count: doc.copies }),
  ];
}

/** "report.pdf · pages 1-6 · 2 colour + 4 B&W · 1 copy". */
export function documentSummary(doc: SummarisedDocument, t: DocumentWords, options: SummaryOptions = {}): string {
  return documentSummaryParts(doc, t, options).join(' · ');
}
