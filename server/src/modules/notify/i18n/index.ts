import { defineCatalogue, defineErrorCatalogue } from '../../../lib/i18n.ts';
import en from './en.ts';
import te from './te.ts';
import errorsEn from './errors.en.ts';
import errorsTe from './errors.te.ts';

/** The words of customer mails and WhatsApp messages about orders. */
export const notifyText = defineCatalogue('notify', en, te);
/** Answers about the shop's notes to customers. */
export const notifyErrors = defineErrorCatalogue('notify.errors', errorsEn, errorsTe);
