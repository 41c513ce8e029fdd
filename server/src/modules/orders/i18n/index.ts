import { defineErrorCatalogue } from '../../../lib/i18n.ts';
import en from './errors.en.ts';
import te from './errors.te.ts';

/** Answers about print choices, documents, page ranges and delivery details. */
export const orderErrors = defineErrorCatalogue('orders.errors', en, te);
