import type { Language } from '@shop/shared/i18n/language';
import { useEffect } from 'react';
import { call } from '../api-client';
import { showLanguage } from './language';
import { currentLanguage, rememberedLanguage } from './i18n';

export const saveUserLanguage = (language: Language | null) => call('PATCH /api/auth/user', { body: { language } });
export const saveStaffLanguage = (language: Language | null) =>
  call('PATCH /api/auth/staff/me', { body: { language } });

/**
 * The signed-in account's language wins (it was chosen on some browser, maybe another one) and this browser
 * remembers it; an account without one takes the choice this browser made before signing in.
 */
export function useFollowAccountLanguage(
  account: { id: number; language: Language | null } | null | undefined,
  save: (lang: Language) => Promise<unknown>,
) {
  const id = account?.id;
  const language = account?.language;
  useEffect(() => {
    if (id === undefined || language === undefined) return;
    if (language) {
      if (language !== currentLanguage() || rememberedLanguage() !== language)
        void showLanguage(language, { remember: true }).catch(() => {});
      return;
    }
    const chosenHere = rememberedLanguage();
    if (chosenHere)
      void save(chosenHere).catch((err: unknown) => console.warn('could not keep the language on the account', err));
    // Only when the account or its language changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, language]);
}

/**
 * At the counter the language belongs to the device (decision 039): one clerk choosing Telugu on his phone
 * must not turn the counter PC Telugu at its next load. A browser that has a choice keeps it; the clerk's account
 * only suggests a language to a device that has none yet (a new phone, a new counter PC), which then keeps it. The
 * choice made here is kept on the account as that suggestion.
 */
export function useStaffDeviceLanguage(
  account: { id: number; language: Language | null } | null | undefined,
  save: (lang: Language) => Promise<unknown>,
) {
  const id = account?.id;
  const language = account?.language;
  useEffect(() => {
    if (id === undefined || language === undefined) return;
    const chosenHere = rememberedLanguage();
    if (chosenHere) {
      if (!language)
        void save(chosenHere).catch((err: unknown) => console.warn('could not keep the language on the account', err));
      return;
    }
    // A device without a choice: the account's suggestion, else what it shows now, kept from here on.
    const lang = language ?? currentLanguage();
    void showLanguage(lang, { remember: true }).catch(() => {});
    if (!language)
      void save(lang).catch((err: unknown) => console.warn('could not keep the language on the account', err));
    // Only when the clerk or the account's suggestion changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, language]);
}
