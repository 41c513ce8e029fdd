import { CATEGORIES } from '@shop/shared/common/options';
import { ArrowRight, IdCard, Palette, Printer } from 'lucide-react';
import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { useCatalogText } from '@/features/catalog/texts';
import { categoryDescription, categoryName, useWordsText } from '@/lib/i18n/words';

export const CATEGORY_ICONS = { color_printing: Palette, black_white_printing: Printer, pvc_card: IdCard } as const;

/** /services: the three categories. */
export default function ServicesPage() {
  const t = useCatalogText();
  useWordsText();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {CATEGORIES.map((c) => {
          const Icon = CATEGORY_ICONS[c];
          return (
            <Link
              key={c}
              to={paths.serviceCategory(c)}
              className="group rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:text-brand-500 dark:bg-slate-800">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h2 className="mt-4 text-xl font-semibold">{categoryName(c)}</h2>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{categoryDescription(c)}</p>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-500">
                {t('viewServices')}{' '}
                <ArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" aria-hidden />
              </span>
            </Link>
          );
        })}
      </div>
    </div>
  );
}
