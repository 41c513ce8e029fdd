import { I18nProvider } from '@lingui/react';
import { Suspense, type ReactNode } from 'react';
import { i18n } from './i18n';

/** Every text of the app comes through here; a screen whose Telugu is still loading waits in its own Suspense. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <Suspense fallback={null}>{children}</Suspense>
    </I18nProvider>
  );
}
