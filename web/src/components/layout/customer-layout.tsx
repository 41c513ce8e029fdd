import type { ReactNode } from 'react';
import { FullScreenSpinner } from '@/components/ui/card';
import { useUser } from '@/lib/auth';
import { useCommonText } from '@/lib/i18n/common';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The customer layout wrapper: sticky top bar, page, footer; a full-screen spinner while the current user loads. */
export function CustomerLayout({ children }: { children: ReactNode }) {
  const { isPending } = useUser();
  const t = useCommonText();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so pages arriving after their spinner never push it. */}
      <main id="main" className="min-h-svh flex-1">
        {isPending ? <FullScreenSpinner /> : children}
      </main>
      <SiteFooter />
    </div>
  );
}
