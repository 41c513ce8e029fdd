/**
 * The languages the shop speaks. One list for the web app and the server: the account's `language`
 * column, the browser's `ps_lang` cookie and every catalogue are keyed by these codes (docs/decisions/027-telugu.md).
 */
export const LANGUAGES = ['en', 'te'] as const;
export type Language = (typeof LANGUAGES)[number];
// The zod schema is in ./schema.ts: this file stays free of zod, so the web app's first page does not carry it.

export const DEFAULT_LANGUAGE: Language = 'en';

/** The Intl locale of each language: Indian English and Telugu (India), both with Latin digits. */
export const LOCALES: Record<Language, 'en-IN' | 'te-IN'> = { en: 'en-IN', te: 'te-IN' };

/** Each language in its own script, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', te: 'తెలుగు' };

/**
 * The browser's remembered choice: a cookie readable by the page (it sets it) and sent to the server, so mails and
 * messages for a signed-out visitor can follow it too. A year, like the theme.
 */
export const LANGUAGE_COOKIE = 'ps_lang';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 86400;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the reader's languages the shop speaks, in their order of preference (`navigator.languages`, or an
 * Accept-Language header's tags): ['te-IN', 'en'] is Telugu, ['en-GB', 'te'] English, ['hi'] the default.
 */
export function languageFromTags(tags: readonly string[] | undefined | null): Language {
  for (const tag of tags ?? []) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The tags of an Accept-Language header, most preferred first (q-values honoured, `*` ignored). */
export function acceptLanguageTags(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}
