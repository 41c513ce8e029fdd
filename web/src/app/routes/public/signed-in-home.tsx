import { mapsSearchUrl } from '@shop/shared/config/shop-config';
import { BookOpen, Clock, CreditCard, FileText, MapPin, ShieldCheck, Sparkles, Users } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Link, useSearchParams } from '@/lib/router';
import { shopConfig, shopText } from '@/lib/shop-config';
import { useWelcomeText } from '../../i18n/welcome';
import { ContactList } from './contact-list';

const TABS = [
  { value: 'services', label: 'tabServices' },
  { value: 'about', label: 'tabAbout' },
  { value: 'contact', label: 'tabContact' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** An account made in the last half hour is new here: "Welcome", not "Welcome back". */
const NEW_ACCOUNT_MS = 30 * 60_000;

/** A signed-in customer's home: a welcome, and the services, about and contact tabs (`?tab=`). */
export default function SignedInHome({ name, createdAt }: { name: string; createdAt: string }) {
  const [params, setParams] = useSearchParams();
  const t = useWelcomeText();
  const [isNew] = useState(() => Date.now() - new Date(createdAt).getTime() < NEW_ACCOUNT_MS);
  const raw = params.get('tab');
  const tab: Tab = raw === 'about' || raw === 'contact' || raw === 'services' ? raw : 'services';
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t(isNew ? 'welcome' : 'welcomeBack', { name })}</h1>
      <div
        role="tablist"
        aria-label={t('sections')}
        className="mt-6 grid grid-cols-3 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        {TABS.map((tb) => (
          <button
            key={tb.value}
            role="tab"
            aria-selected={tab === tb.value}
            onClick={() => setParams({ tab: tb.value }, { replace: true })}
            className={cn(
              'rounded-md px-2 py-2 text-sm font-medium',
              tab === tb.value ? 'bg-white shadow dark:bg-slate-900' : 'text-slate-600 dark:text-slate-300',
            )}
          >
            {t(tb.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-6">
        {tab === 'services' && (
          <div className="grid gap-4 md:grid-cols-3">
            {[
              {
                icon: <FileText className="h-6 w-6" />,
                title: t('pdfTitle'),
                items: [t('pdfItems1'), t('pdfItems2'), t('pdfItems3')],
              },
              {
                icon: <BookOpen className="h-6 w-6" />,
                title: t('binding'),
                items: [t('bindingItems1'), t('bindingItems2'), t('bindingItems3'), t('bindingItems4')],
              },
              {
                icon: <CreditCard className="h-6 w-6" />,
                title: t('pvc'),
                items: [t('pvcItems1'), t('pvcItems2'), t('pvcItems3'), t('pvcItems4')],
              },
            ].map((s) => (
              <div
                key={s.title}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="text-brand-700 dark:text-brand-500">{s.icon}</span>
                <h2 className="mt-3 text-lg font-semibold">{s.title}</h2>
                <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-slate-600 dark:text-slate-400">
                  {s.items.map((i) => (
                    <li key={i}>{i}</li>
                  ))}
                </ul>
                <Link to={paths.services} className={buttonClass('default', 'sm', 'mt-4')}>
                  {t('orderNow')}
                </Link>
              </div>
            ))}
          </div>
        )}
        {tab === 'about' && (
          <div className="space-y-6">
            <div className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <h2 className="text-xl font-semibold">{t('storyTitle')}</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-400">{t('story')}</p>
              <h3 className="mt-5 font-semibold">{t('commitments')}</h3>
              <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
                {[
                  [<Sparkles key="q" className="h-4 w-4" />, t('commitQuality')],
                  [<Clock key="f" className="h-4 w-4" />, t('commitFast')],
                  [<CreditCard key="p" className="h-4 w-4" />, t('commitPricing')],
                  [<Users key="c" className="h-4 w-4" />, t('commitCustomer')],
                  [<ShieldCheck key="s" className="h-4 w-4" />, t('commitSecure')],
                ].map(([icon, text]) => (
                  <li key={String(text)} className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
                    <span className="text-brand-700">{icon}</span>
                    {text}
                  </li>
                ))}
              </ul>
            </div>
            <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
              {[
                ['40+', t('statYears')],
                ['10,000+', t('statCustomers')],
                ['50,000+', t('statDocuments')],
                ['500+', t('statProjects')],
              ].map(([n, l]) => (
                <div
                  key={l}
                  className="rounded-xl border border-slate-200 bg-white p-5 text-center dark:border-slate-800 dark:bg-slate-900"
                >
                  <dt className="text-sm text-slate-500 dark:text-slate-400">{l}</dt>
                  <dd className="text-2xl font-extrabold text-brand-700 dark:text-brand-500">{n}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        {tab === 'contact' && (
          <div className="grid gap-6 md:grid-cols-2">
            <div className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <h2 className="text-xl font-semibold">{t('tabContact')}</h2>
              <ContactList />
            </div>
            <a
              href={mapsSearchUrl(shopConfig.mapQuery)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex flex-col items-center justify-center rounded-xl border border-slate-200 bg-brand-50 p-6 text-center hover:shadow dark:border-slate-800 dark:bg-slate-900"
            >
              <MapPin className="h-10 w-10 text-brand-700 dark:text-brand-500" aria-hidden />
              <span className="mt-2 font-semibold">{t('openInMaps')}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400">{shopText('address')}</span>
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
