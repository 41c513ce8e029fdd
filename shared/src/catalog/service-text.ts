import type { Language } from '../i18n/language.ts';

/**
 * A service's name and description in the reader's language (decision 038): the Telugu the admin gave it on a
 * Telugu page, the English otherwise (and whenever no Telugu was set).
 */
export function serviceNameIn(lang: Language, s: { name: string; name_te?: string | null }): string {
  return (lang === 'te' && s.name_te) || s.name;
}

export function serviceDescriptionIn(
  lang: Language,
  s: { description: string; description_te?: string | null },
): string {
  return (lang === 'te' && s.description_te) || s.description;
}
