import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@/lib/router';
import { ThemeMenu } from '@/components/layout/theme-menu';
import { paths } from '@/config/paths';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { useWalkInTexts, WalkInScreen } from '@/features/walk-in';
import { saveStaffLanguage } from '@/lib/i18n/account-language';
import { useLanguage } from '@/lib/i18n/language';
import { shopText } from '@/lib/shop-config';

/** The clerk's "New walk-in order", on the counter's phone or PC; back to the queue when done. */
export default function StaffWalkInPage() {
  const T = useWalkInTexts();
  const language = useLanguage();
  useEffect(() => {
    const before = document.title;
    document.title = `${T.title} · ${shopText('name')}`;
    return () => {
      document.title = before;
    };
  }, [T.title, language]);
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
          <Link
            to={paths.staffDashboard}
            className="inline-flex h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-blue-300 dark:hover:bg-slate-800"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden /> {T.backToQueue}
          </Link>
          <span className="ml-auto" />
          <LanguageSwitch
            onChosen={(lang) =>
              void saveStaffLanguage(lang).catch((err: unknown) =>
                console.warn('language not saved on the staff account', err),
              )
            }
          />
          <ThemeMenu />
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-4 px-4 py-4">
        <div>
          <h1 className="text-xl font-bold">{T.title}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{T.subtitle}</p>
        </div>
        <WalkInScreen queuePath={paths.staffDashboard} />
      </main>
    </div>
  );
}
