import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

/** The services pages' texts (i18n/en.ts, i18n/te.ts). */
export const { useText: useCatalogText, rich: catalogRich } = defineCatalogue('catalog', en, () => import('./i18n/te'));
