import { FileQuestion } from 'lucide-react';
import { Link } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCommonText } from '@/lib/i18n/common';

export default function NotFoundPage() {
  const t = useCommonText();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
        <FileQuestion className="h-7 w-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand-700 dark:text-brand-500">404</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('notFound.body')}</p>
      <Link to={paths.home} className={buttonClass('default', 'default', 'mt-8')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
