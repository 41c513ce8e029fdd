import { defineCatalogue } from '../../../lib/i18n.ts';
import en from './en.ts';
import te from './te.ts';

/** The words of customer mails and WhatsApp messages about orders. */
export const notifyText = defineCatalogue('notify', en, te);
