import { formatRupees } from '@shop/shared/common/money';
import { formatDateIn, formatRelativeTime, RECENTLY } from '@shop/shared/i18n/format';
import { currentLanguage } from './i18n/i18n';

export { formatRupees };

/**
 * Dates in IST in the language on screen (shared/src/i18n/format.ts): 22 November 2026 / 22 నవంబర్, 2026.
 * Components showing them also show texts, so they re-render when the language changes.
 */
export function formatDate(value: string | Date | null | undefined): string {
  return formatDateIn(currentLanguage(), value, 'date');
}
export function formatDateTime(value: string | Date | null | undefined): string {
  return formatDateIn(currentLanguage(), value, 'dateTime');
}
export function formatTime(value: string | Date | null | undefined): string {
  return formatDateIn(currentLanguage(), value, 'time');
}

/** '5 minutes ago' / '5 నిమిషాల క్రితం'; 'Recently' without a date. */
export function relativeTime(value: string | null | undefined, now = Date.now()): string {
  const lang = currentLanguage();
  return formatRelativeTime(lang, value, now) ?? RECENTLY[lang];
}
