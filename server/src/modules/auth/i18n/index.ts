import { defineCatalogue, defineErrorCatalogue } from '../../../lib/i18n.ts';
import en from './en.ts';
import te from './te.ts';
import errorsEn from './errors.en.ts';
import errorsTe from './errors.te.ts';

/** The account mails (password reset, password changed). */
export const accountText = defineCatalogue('auth', en, te);
/** Sign-up, sign-in and password answers. */
export const authErrors = defineErrorCatalogue('auth.errors', errorsEn, errorsTe);
