// TEMPORARY until h-i18n's shared/src/i18n/language.ts is on main: the same names, to be replaced by that import.
export const LANGUAGES = ['en', 'te'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
