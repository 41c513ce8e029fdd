import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

/** Words of the printing screens (i18n/en.ts, i18n/te.ts). */
export const { useText: usePrintingText, rich: printingRich } = defineCatalogue(
  'printing',
  en,
  () => import('./i18n/te'),
);
