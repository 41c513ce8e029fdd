import { AwaitingPayment } from '@/features/orders/components/awaiting-payment';
import { PrintAgainButton } from '@/features/orders/components/print-again';
import { statusColor } from '@shop/shared/common/status';
import { Download, Eye, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMyOrders } from '@/features/orders/api';
import { BAR_CLASSES } from '@/features/orders/components/status-badge';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, formatRupees } from '@/lib/format';
import { useAccountText } from '../../i18n/account';
import { shopConfig, shopText } from '@/lib/shop-config';
import { customerStatusLabel, documentLine, documentNameText, useWordsText } from '@/lib/i18n/words';

const TABS = ['dashboard.tabOrders', 'dashboard.tabProfile', 'dashboard.tabAbout'] as const;

/** /dashboard: the customer's orders (refreshed every 10 s), profile and about. */
export default function DashboardPage() {
  const { data: user } = useUser();
  const t = useAccountText();
  useWordsText();
  const [tab, setTab] = useState<(typeof TABS)[number]>('dashboard.tabOrders');
  const { data, isPending } = useMyOrders({ limit: 50 }, true);
  if (!user) return null;
  const orders = data?.items ?? [];
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('dashboard.welcome', { name: user.name })}</h1>
          <p className="text-slate-600 dark:text-slate-400">{t('dashboard.subtitle')}</p>
        </div>
        <Link to={paths.services} className={buttonClass()}>
          <Plus className="h-4 w-4" aria-hidden /> {t('dashboard.new')}
        </Link>
      </div>
      <AwaitingPayment />
      <div role="tablist" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {TABS.map((name) => (
          <button
            key={name}
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={cn(
              'flex-1 rounded-md px-3 py-2 text-sm font-medium',
              tab === name ? 'bg-white shadow dark:bg-slate-900' : 'text-slate-600 dark:text-slate-300',
            )}
          >
            {t(name)}
          </button>
        ))}
      </div>
      {tab === 'dashboard.tabOrders' &&
        (isPending ? (
          <p className="text-slate-500 dark:text-slate-400">{t('dashboard.loading')}</p>
        ) : orders.length === 0 ? (
          <Card className="p-8 text-center text-slate-500 dark:text-slate-400">{t('dashboard.empty')}</Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {orders.map((o) => (
              <li key={o.id} className="min-w-0">
                <Card className="overflow-hidden">
                  <div className={cn('h-1.5', BAR_CLASSES[statusColor(o.status)])} aria-hidden />
                  <CardContent className="space-y-2 pt-4 text-sm">
                    <div className="flex items-start justify-between gap-2">
                      <p
                        className="min-w-0 truncate font-semibold"
                        title={o.documents.map((d) => d.original_filename).join(', ')}
                      >
                        {o.documents.length > 1
                          ? t('dashboard.more', {
                              name: documentNameText(o.documents[0]!),
                              count: o.documents.length - 1,
                            })
                          : documentNameText(o.documents[0]!)}
                      </p>
                      <span className="shrink-0 text-xs font-medium">
                        {customerStatusLabel(o.status, o.delivery_type)}
                      </span>
                    </div>
                    <p className="text-slate-500 dark:text-slate-400">
                      {o.order_number} · {formatDate(o.created_at)} · {formatRupees(o.total_amount)}
                    </p>
                    {/* One line per document (the first three), as every screen says it. */}
                    <ul className="space-y-0.5 text-slate-700 dark:text-slate-300">
                      {o.documents.slice(0, 3).map((d) => (
                        <li key={d.position} className="truncate" data-testid="document-line">
                          {documentLine(d, { withoutName: o.documents.length === 1 })}
                        </li>
                      ))}
                    </ul>
                    <div className="flex flex-wrap gap-2 pt-1">
                      {/* One document whose file is kept (decision 026): its print copy; several are on the order's page. */}
                      {o.documents.length === 1 && o.documents[0]!.file_id && (
                        <a
                          href={o.documents[0]!.download_url}
                          target="_blank"
                          rel="noopener"
                          className={buttonClass('outline', 'sm')}
                        >
                          <Download className="h-4 w-4" aria-hidden /> {t('dashboard.download')}
                        </a>
                      )}
                      <Link to={paths.orderTracking(o.order_number)} className={buttonClass('ghost', 'sm')}>
                        <Eye className="h-4 w-4" aria-hidden /> {t('dashboard.details')}
                      </Link>
                      <PrintAgainButton orderNumber={o.order_number} />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        ))}
      {tab === 'dashboard.tabProfile' && (
        <Card className="p-6">
          <p className="font-semibold">{user.name}</p>
          <p className="text-slate-600 dark:text-slate-400">{user.email}</p>
          <Link to={paths.profileEdit} className={buttonClass('outline', 'sm', 'mt-4')}>
            {t('dashboard.editProfile')}
          </Link>
        </Card>
      )}
      {tab === 'dashboard.tabAbout' && (
        <Card className="space-y-2 p-6 text-sm">
          <p className="font-semibold">{shopText('name')}</p>
          <p>{t('dashboard.about')}</p>
          <p>{shopText('address')}</p>
          <p>
            <a
              className="text-brand-700 dark:text-brand-500 underline"
              href={`tel:${shopConfig.phone.replace(/\s/g, '')}`}
            >
              {shopConfig.phone}
            </a>{' '}
            ·{' '}
            <a className="text-brand-700 dark:text-brand-500 underline" href={`mailto:${shopConfig.email}`}>
              {shopConfig.email}
            </a>
          </p>
          <p>{shopText('hours')}</p>
        </Card>
      )}
    </div>
  );
}
