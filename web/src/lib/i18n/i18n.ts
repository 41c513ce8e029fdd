import { setupI18n } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  languageFromTags,
  LOCALES,
  type Language,
} from '@shop/shared/i18n/language';

/**
 * The one Lingui instance of the web app: English messages are loaded as each screen's catalogue arrives, Telugu ones
 * only once Telugu is chosen (docs/decisions/027-telugu.md). `activate` happens in setLanguage, after loading.
 */
export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { en: {}, te: {} } });

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The choice this browser remembers (the `ps_lang` cookie), or null when none was made here. */
export function rememberedLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const m = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie);
  return m && isLanguage(m[1]) ? m[1] : null;
}

export function rememberLanguage(lang: Language): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * The language of the first render: `?lang=te` in the address (a link the shop shares), then this browser's choice,
 * then the browser's own languages.
 */
export function initialLanguage(): Language {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLanguage(asked)) return asked;
  return rememberedLanguage() ?? languageFromTags(navigator.languages ?? [navigator.language]);
}

/** The page's `lang` attribute follows what is on screen (screen readers, hyphenation, Lighthouse). */
export function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = LOCALES[lang];
}
