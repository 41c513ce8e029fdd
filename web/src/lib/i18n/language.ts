import { useLingui } from '@lingui/react';
import type { Language } from '@shop/shared/i18n/language';
import { useEffect } from 'react';
import { loadLanguage } from './catalogue';
import { commonText } from './common';
import { applyDocumentLanguage, currentLanguage, i18n, rememberLanguage } from './i18n';

/**
 * Shows the app in `lang`: its Telugu texts are fetched first (the screens seen so far), then every text changes at
 * once. `remember` keeps the choice in this browser (the switch, an account's choice); the browser's own language on
 * a first visit is followed without being remembered.
 */
export async function showLanguage(lang: Language, { remember }: { remember: boolean }): Promise<void> {
  await loadLanguage(lang);
  if (remember) rememberLanguage(lang);
  applyDocumentLanguage(lang);
  // The page's own title follows; a screen that set its own (the counter's) sets it again on the change.
  const siteTitle = commonText('site.title');
  if (i18n.locale !== lang) i18n.activate(lang);
  if (document.title === siteTitle) document.title = commonText('site.title');
}

/** The language on screen, re-rendering when it changes. */
export function useLanguage(): Language {
  useLingui();
  return currentLanguage();
}

/**
 * The admin's back office stays English (decision 027): while it is on screen the page is English, and the language
 * chosen before comes back when it is left. Nothing is remembered.
 */
export function useEnglishHere(): void {
  useEffect(() => {
    const before = currentLanguage();
    if (before === 'en') return;
    void showLanguage('en', { remember: false });
    return () => void showLanguage(before, { remember: false }).catch(() => {});
  }, []);
}
