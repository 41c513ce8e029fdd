import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

/** The counter's texts (i18n/en.ts, i18n/te.ts); the admin's own screens stay English. */
export const {
  t: counterText,
  useText: useCounterText,
  rich: counterRich,
} = defineCatalogue('counter', en, () => import('./i18n/te'));
