import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useCommonText } from '@/lib/i18n/common';
import { useLanguage } from '@/lib/i18n/language';

export const POLICY_EFFECTIVE_DATE = '2025-05-20';

/** A numbered section: a list of points, or one paragraph. */
export interface PolicySection {
  title: string;
  items?: string[];
  text?: string;
}

/** The frame of the three policy pages: Back to registration, title, effective date, numbered sections. */
export function PolicyPage({ title, intro, sections }: { title: string; intro: string; sections: PolicySection[] }) {
  const t = useCommonText();
  const lang = useLanguage();
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Link
        to={paths.register}
        className="-ml-2 inline-flex h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline dark:text-brand-500 dark:hover:bg-slate-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t('policy.back')}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        {t('policy.effective', { date: formatDate(POLICY_EFFECTIVE_DATE) })}
      </p>
      {lang !== 'en' && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('policy.original')}</p>}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 leading-relaxed text-slate-700 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <p>{intro}</p>
        {sections.map((s, i) => (
          <section key={s.title} className="mt-8">
            <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-2 space-y-3 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
              {s.text && <p>{s.text}</p>}
              {s.items && (
                <ul>
                  {s.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
