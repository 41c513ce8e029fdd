import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { registerAnswerMessages, type Values } from './answer-text.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@shop/shared/i18n/language';

/**
 * The server's words in English and Telugu (docs/decisions/027-telugu.md, 029-mail-attachments-and-languages.md):
 * Lingui, as the web app, with ICU messages (plurals, selects, {placeholders}) kept in one catalogue pair per area
 * (`modules/<area>/i18n/en.ts` and `te.ts`). Each language has its own Lingui instance, so requests and mails in
 * different languages never share an active locale; messages are compiled once, when their catalogue is defined.
 */
export type Messages = Readonly<Record<string, string>>;
/** Another language's catalogue of an area: every key of the English one, and nothing else. */
export type TranslationOf<T extends Messages> = { readonly [K in keyof T]: string };
export type { Values };

export type { Language };

const instances = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, setupI18n({ locale: lang, messages: { [lang]: {} } })]),
) as Record<Language, I18n>;
const defined = new Set<string>();

function load(lang: Language, name: string, messages: Messages) {
  instances[lang].load(
    lang,
    Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${name}.${key}`, compileMessage(message)])),
  );
}

/** A translator bound to one language: `t('key', { values })`. */
export type Translate<K extends string> = (key: K, values?: Values) => string;

/**
 * One area's messages. `t(lang, key, values)` formats the message in that language; `in(lang)` binds the language.
 * The completeness test (server/test/i18n) checks every catalogue pair: same keys, same placeholders, plural forms.
 */
export function defineCatalogue<const T extends Messages>(name: string, en: T, te: TranslationOf<T>) {
  if (defined.has(name)) throw new Error(`Two server catalogues are named ${name}`);
  defined.add(name);
  load('en', name, en);
  load('te', name, te);
  type Key = keyof T & string;
  const t = (lang: Language, key: Key, values?: Values): string => instances[lang]._(`${name}.${key}`, values);
  return {
    name,
    en,
    te,
    t,
    in:
      (lang: Language): Translate<Key> =>
      (key, values) =>
        t(lang, key, values),
  };
}

/** A stored language as the server uses it: `en` or `te`, English when unset or unknown. */
export function languageOr(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback;
}

/**
 * An area's answers: a catalogue whose English entries are the exact texts the server answers with (refusals and the
 * few confirmations with a message), so plugins/answer-language.ts can put them into the caller's language.
 */
export function defineAnswerCatalogue<const T extends Messages>(name: string, en: T, te: TranslationOf<T>) {
  const catalogue = defineCatalogue(name, en, te);
  registerAnswerMessages(en, (lang, key, values) => catalogue.t(lang, key as keyof T & string, values));
  return catalogue;
}
