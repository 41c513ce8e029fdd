import { defineErrorCatalogue } from '../../../lib/i18n.ts';
import en from './errors.en.ts';
import te from './errors.te.ts';

/** Upload refusals and file answers. */
export const fileErrors = defineErrorCatalogue('files.errors', en, te);
