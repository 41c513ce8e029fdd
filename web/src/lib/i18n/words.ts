import type { Category } from '@shop/shared/common/options';
import {
  documentColour,
  documentName,
  documentSummary,
  type DocumentWords,
  type SummaryOptions,
} from '@shop/shared/orders/document-summary';
import { documentOfDto, type OrderDocumentDto } from '@shop/shared/orders/order';
import en from '@shop/shared/i18n/words/en';
import { defineCatalogue } from './catalogue';

/**
 * The words both sides show (shared/src/i18n/words): options, categories, statuses, delivery types, in the language
 * on screen. Components call them while rendering with useWordsText (so they follow a language change).
 */
const words = defineCatalogue('words', en, () => import('@shop/shared/i18n/words/te'));
export const useWordsText = words.useText;
/** The shared words' translator in the language on screen (for shared functions such as documentSummary). */
export const wordsText: DocumentWords = (key, values) => words.t(key, values);
type Key = Parameters<typeof words.t>[0];
const known = (key: string): key is Key => key in en;
const word = (key: string, fallback: string) => (known(key) ? words.t(key) : fallback);

export const printingTypeLabel = (v: string) => word(`printingType.${v}`, v);
/** Case-insensitive; unknown sizes upper-cased. */
export const paperSizeLabel = (v: string) => word(`paperSize.${v.toLowerCase()}`, v.toUpperCase());
/** 'photo' is the original API's other name for photo paper. */
export const paperTypeLabel = (v: string) => word(`paperType.${v === 'photo' ? 'photo_paper' : v}`, v);
export const sidesLabel = (v: string) => word(`sides.${v}`, v);
export const orientationLabel = (v: string) => word(`orientation.${v}`, v);
export const deliveryTypeLabel = (v: string) => word(`delivery.${v}`, v);
export const categoryName = (c: Category) => words.t(`category.${c}`);
export const categoryDescription = (c: Category) => words.t(`category.${c}.description`);

/** The binding of an order's document ('None' without one); lamination counts as one of the choices. */
export function bindingLabel(
  d: { spiral_binding?: boolean; paper_binding?: boolean; transparent_sheet?: boolean; lamination?: boolean },
  none = true,
): string | null {
  const key = d.spiral_binding
    ? 'spiralBinding'
    : d.paper_binding
      ? 'paperBinding'
      : d.transparent_sheet
        ? 'transparentSheet'
        : d.lamination
          ? 'lamination'
          : null;
  return key ? words.t(`binding.${key}`) : none ? words.t('binding.none') : null;
}
/** The shared one-line document summary's words (shared/src/orders/document-summary.ts), in the language on screen. */
export const documentWord = (key: Extract<Key, `document.${string}`>, values?: Record<string, string | number>) =>
  words.t(key, values);
export const bindingName = (b: 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination') =>
  words.t(`binding.${b}`);

/** The customers' words for a status, by delivery type (shared/src/common/status.ts customerStatusLabel). */
export function customerStatusLabel(status: string, deliveryType?: string): string {
  const pickup = deliveryType === 'pickup';
  if (status === 'completed') return words.t(pickup ? 'status.completed.pickup' : 'status.completed.delivery');
  if (status === 'delivered' && pickup) return words.t('status.collected');
  return word(`status.${status}`, words.t('status.unknown'));
}

/** The back office's words for a status; delivered on a pickup order reads Collected. */
export function backOfficeStatusLabel(status: string, deliveryType?: string): string {
  if (status === 'delivered' && deliveryType === 'pickup') return words.t('office.collected');
  return word(`office.${status}`, status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' '));
}

/** Tracking's five steps in the customers' words. */
export function trackingSteps(deliveryType: string): string[] {
  return ['unvisited', 'visited', 'processing', 'completed', deliveryType === 'pickup' ? 'collected' : 'delivered'].map(
    (s) => customerStatusLabel(s, deliveryType),
  );
}

/**
 * One line per document, as every screen, mail, ticket and bill says it (shared/src/orders/document-summary.ts):
 * "report.pdf · pages 1-6 · 2 colour + 4 B&W · 1 copy", in the language on screen.
 */
export const documentLine = (d: OrderDocumentDto, options?: SummaryOptions) =>
  documentSummary(documentOfDto(d), wordsText, options);
/** The document's name as picked (photo.jpg), optionally marked "converted to PDF" or "paper original". */
export const documentNameText = (d: OrderDocumentDto, options?: SummaryOptions) =>
  documentName(documentOfDto(d), wordsText, options);
/** "colour", "B&W", "PVC card" or "2 colour + 4 B&W". */
export const documentColourText = (d: OrderDocumentDto) => documentColour(documentOfDto(d), wordsText);
