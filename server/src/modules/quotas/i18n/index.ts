import { defineErrorCatalogue } from '../../../lib/i18n.ts';
import en from './errors.en.ts';
import te from './errors.te.ts';

/** Quota and rate-limit refusals. */
export const quotaErrors = defineErrorCatalogue('quotas.errors', en, te);
