import { defineCatalogue } from '../../../lib/i18n.ts';
import en from './en.ts';
import te from './te.ts';

export const refundText = defineCatalogue('refunds', en, te);
