import { serviceDescriptionIn, serviceNameIn } from '@shop/shared/catalog/service-text';
import { currentLanguage } from '@/lib/i18n/i18n';
import { isCategory } from '@shop/shared/common/options';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useServices } from '@/features/catalog/api';
import { ServiceImage } from '@/features/catalog/components/service-image';
import { catalogRich, useCatalogText } from '@/features/catalog/texts';
import { formatRupees } from '@/lib/format';
import {
  categoryDescription,
  categoryName,
  paperSizeLabel,
  paperTypeLabel,
  printingTypeLabel,
  useWordsText,
} from '@/lib/i18n/words';
import { toast } from '@/lib/toast';
import { CATEGORY_ICONS } from './services';

/** /services/{category}: active services of one category. */
export default function ServiceCategoryPage() {
  const { category } = useParams();
  const t = useCatalogText();
  useWordsText();
  const valid = isCategory(category);
  const { data, isPending, isError } = useServices(valid ? category : undefined);
  useEffect(() => {
    if (isError) toast({ title: t('error'), description: t('fetchFailed'), variant: 'destructive' });
  }, [isError, t]);
  if (!valid) return <Navigate to={paths.services} replace />;
  const Icon = CATEGORY_ICONS[category];
  const list = (data ?? []).filter((s) => s.is_active && !s.deleted && s.category === category);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to={paths.services} className={buttonClass('ghost', 'sm', '-ml-2')}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t('back')}
      </Link>
      <div className="mt-4 flex items-start gap-4">
        <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:text-brand-500 dark:bg-slate-800">
          <Icon className="h-6 w-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{categoryName(category)}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{categoryDescription(category)}</p>
        </div>
      </div>

      {isPending ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="overflow-hidden">
              <Skeleton className="h-40 rounded-none" />
              <div className="space-y-3 p-5">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-10 w-full" />
              </div>
            </Card>
          ))}
        </div>
      ) : list.length === 0 ? (
        <Card className="mt-8 p-10 text-center">
          <h2 className="text-lg font-semibold">{t('emptyTitle')}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('emptyText')}</p>
        </Card>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((s) => (
            <li key={s.id}>
              <Card className="flex h-full flex-col overflow-hidden">
                <ServiceImage
                  src={s.image_url}
                  alt={serviceNameIn(currentLanguage(), s)}
                  className="aspect-[8/5] w-full"
                />
                <div className="flex flex-1 flex-col p-5">
                  <h2
                    className="text-lg font-semibold"
                    lang={currentLanguage() === 'te' && s.name_te ? 'te' : undefined}
                  >
                    {serviceNameIn(currentLanguage(), s)}
                  </h2>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
                    {serviceDescriptionIn(currentLanguage(), s)}
                  </p>
                  <p className="mt-3 text-sm">
                    {catalogRich(
                      'fromPrice',
                      { price: <span className="text-xl font-bold text-brand-700 dark:text-brand-500" /> },
                      { price: formatRupees(s.price_single_side || s.price) },
                    )}
                  </p>
                  <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-500 dark:text-slate-400">{t('printing')}</dt>
                    <dd>{printingTypeLabel(s.printing_type)}</dd>
                    <dt className="text-slate-500 dark:text-slate-400">{t('paperSize')}</dt>
                    <dd>{paperSizeLabel(s.paper_size)}</dd>
                    <dt className="text-slate-500 dark:text-slate-400">{t('paperType')}</dt>
                    <dd>{paperTypeLabel(s.paper_type)}</dd>
                    <dt className="text-slate-500 dark:text-slate-400">{t('singleSide')}</dt>
                    <dd>{t('perPage', { price: formatRupees(s.price_single_side || s.price) })}</dd>
                    <dt className="text-slate-500 dark:text-slate-400">{t('doubleSide')}</dt>
                    <dd>{t('perSheet', { price: formatRupees(s.price_double_side) })}</dd>
                  </dl>
                  <Link to={paths.orderCreate(s.id)} className={buttonClass('default', 'default', 'mt-5 w-full')}>
                    {t('select')}
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
