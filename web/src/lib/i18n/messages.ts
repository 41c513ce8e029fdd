import { beforeTelugu } from './catalogue';
import { currentLanguage } from './i18n';

/** A message in the catalogue's compiled form (a build) or as written (tests, development): the plain text. */
const plain = (value: unknown): string => (Array.isArray(value) ? value.join('') : String(value));

/** English text → Telugu text; filled when Telugu is first shown (English readers never download it). */
let telugu: Map<string, string> | undefined;
let loading: Promise<void> | undefined;
function loadTranslations(): Promise<void> {
  loading ??= Promise.all([import('./messages/en'), import('./messages/te')])
    .then(([en, te]) => {
      const t = te.default as Record<string, unknown>;
      telugu = new Map(
        Object.entries(en.default as Record<string, unknown>).map(([key, value]) => [plain(value), plain(t[key])]),
      );
    })
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}
beforeTelugu(loadTranslations);

/**
 * A message from a shared schema or the server, in the language on screen: the English texts of
 * messages/en.ts (exactly as shared and the server send them) are shown in Telugu; anything else (a server that
 * already answered in the reader's language, a new message) is shown as it came. Components showing it re-render
 * on a language change through their own texts (or useLanguage).
 */
export function localizeMessage(text: string): string;
export function localizeMessage(text: string | undefined): string | undefined;
export function localizeMessage(text: string | undefined): string | undefined {
  if (!text || currentLanguage() === 'en' || !telugu) return text;
  return telugu.get(text) ?? text;
}
