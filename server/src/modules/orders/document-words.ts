import type { DocumentWords } from '@shop/shared/orders/document-summary';
import en from '@shop/shared/i18n/words/en';
import te from '@shop/shared/i18n/words/te';
import { defineCatalogue, type Language } from '../../lib/i18n.ts';

/**
 * The words both sides show (shared/src/i18n/words), on the server: the one line per document of mails, tickets,
 * the CSV and bills is shared/src/orders/document-summary.ts, told in the reader's language with these.
 */
const words = defineCatalogue('sharedWords', en, te);

/** The shared document words in one language, for documentSummary and its parts. */
export const documentWords =
  (lang: Language): DocumentWords =>
  (key, values) =>
    words.t(lang, key, values);
