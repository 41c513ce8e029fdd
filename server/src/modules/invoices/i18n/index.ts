import { defineCatalogue } from '../../../lib/i18n.ts';
import en from './en.ts';
import te from './te.ts';

/** The GST documents' words. */
export const invoiceText = defineCatalogue('invoices', en, te);
