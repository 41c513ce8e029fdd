import { formatPaise } from '@shop/shared/common/money';
import {
  LAMINATION_PRICE,
  PAPER_BINDING_PRICE,
  SPIRAL_TIERS,
  TRANSPARENT_SHEET_PRICE,
} from '@shop/shared/pricing/pricing';
import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

/** Every word of the counter's walk-in screen (i18n/en.ts, i18n/te.ts). */
const walkIn = defineCatalogue('walkIn', en, () => import('./i18n/te'));
type Text = typeof walkIn.t;

/** The screen's words in the language on screen, with the few that take a value as functions. */
function textsOf(t: Text) {
  return {
    ...(Object.fromEntries(Object.keys(en).map((k) => [k, t(k as keyof typeof en)])) as Record<
      keyof typeof en,
      string
    >),
    documents: (n: number) => (n ? t('documentsCount', { count: n }) : t('documents')),
    uploading: (p: number) => (p < 100 ? t('uploading', { percent: p }) : t('reading')),
    pagesOfFile: (n: number) => t('pagesOfFile', { count: n }),
    pageRangeHint: (n: number) => t('pageRangeHint', { count: n }),
    received: (amount: string, method: 'cash' | 'upi_counter') =>
      t(method === 'cash' ? 'receivedCash' : 'receivedUpi', { amount }),
    discount: (rate: number) => t('discount', { rate }),
    save: (amount: string) => t('save', { amount }),
    savedText: (name: string) => t('savedText', { name }),
    paidBy: (method: 'cash' | 'upi_counter') => t(method === 'cash' ? 'paidCash' : 'paidUpi'),
    readyBy: (when: string) => t('readyBy', { when }),
  };
}

/** In a component: the words, re-rendered when the language changes. */
export const useWalkInTexts = () => textsOf(walkIn.useText());
/** Outside rendering (toasts): the words in the language on screen now. */
export const walkInTexts = () => textsOf(walkIn.t);

export type BindingChoice = 'none' | 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination';
export const BINDING_CHOICE_KEYS: readonly BindingChoice[] = [
  'none',
  'spiralBinding',
  'paperBinding',
  'transparentSheet',
  'lamination',
];

/** Each binding with its price per copy (shared pricing), as the customer's wizard shows them. */
export function bindingChoice(b: BindingChoice, t: Text = walkIn.t): string {
  switch (b) {
    case 'none':
      return t('noBinding');
    case 'spiralBinding':
      return t('spiral', { from: formatPaise(SPIRAL_TIERS[0]!.price), to: formatPaise(SPIRAL_TIERS.at(-1)!.price) });
    case 'paperBinding':
      return t('paperBinding', { price: formatPaise(PAPER_BINDING_PRICE) });
    case 'transparentSheet':
      return t('transparentSheet', { price: formatPaise(TRANSPARENT_SHEET_PRICE) });
    case 'lamination':
      return t('lamination', { price: formatPaise(LAMINATION_PRICE) });
  }
}
