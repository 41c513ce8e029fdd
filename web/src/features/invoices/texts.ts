import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

export const { t: invoicesText, useText: useInvoicesText } = defineCatalogue('invoices', en, () => import('./i18n/te'));
