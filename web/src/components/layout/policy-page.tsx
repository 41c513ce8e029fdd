import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export const POLICY_EFFECTIVE_DATE = '20 May 2025';

export interface PolicySection {
  title: string;
  body: ReactNode;
}

/** The frame of the three policy pages: Back to registration, title, effective date, numbered sections. */
export function PolicyPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: PolicySection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Link to={paths.register} className="-ml-2 inline-flex h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline dark:text-brand-500 dark:hover:bg-slate-800">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Effective {POLICY_EFFECTIVE_DATE}</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 leading-relaxed text-slate-700 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <div className="space-y-3">{intro}</div>
        {sections.map((s, i) => (
          <section key={s.title} className="mt-8">
            <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-2 space-y-3 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">{s.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
