import { defineErrorCatalogue } from '../../../lib/i18n.ts';
import en from './errors.en.ts';
import te from './errors.te.ts';

/** Checkout and payment answers. */
export const paymentErrors = defineErrorCatalogue('payments.errors', en, te);
