import { mapsEmbedUrl, mapsSearchUrl } from '@shop/shared/config/shop-config';
import {
  Award,
  BookOpen,
  Clock,
  CreditCard,
  FileText,
  Mail,
  MapPin,
  Phone,
  ShieldCheck,
  Sparkles,
  Truck,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { shopConfig, shopText } from '@/lib/shop-config';
import { useHomeText } from '../../i18n/home';

const TABS = [
  { value: 'services', label: 'tabServices' },
  { value: 'about', label: 'tabAbout' },
  { value: 'contact', label: 'tabContact' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** '522001–522004' for a run of consecutive pincodes, else the list. */
function pincodeRange(pins: readonly string[]): string {
  const sorted = [...pins].sort();
  const consecutive = sorted.every((p, i) => i === 0 || Number(p) === Number(sorted[i - 1]) + 1);
  return consecutive && sorted.length > 2 ? `${sorted[0]}–${sorted[sorted.length - 1]}` : sorted.join(', ');
}

const telHref = `tel:${shopConfig.phone.replace(/\s/g, '')}`;

/** Home: a light page (no form or validation libraries here; it is every customer's first load). */
export default function HomePage() {
  const { data: user } = useUser();
  return user ? <SignedInHome name={user.name} createdAt={user.created_at} /> : <SignedOutHome />;
}

function SignedOutHome() {
  const t = useHomeText();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-14 dark:from-slate-900 dark:to-slate-950 sm:py-20">
        <div className="mx-auto max-w-5xl text-center">
          <span className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-700">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden />{' '}
            {t('serving', { pincodes: pincodeRange(shopConfig.deliveryPincodes) })}
          </span>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-5xl">{shopText('name')}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            {t('lead', { tagline: shopText('tagline') })}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.login} className={buttonClass('default', 'lg')}>
              {t('customerSignIn')}
            </Link>
            <Link to={paths.staffLogin} className={buttonClass('outline', 'lg')}>
              {t('staffSignIn')}
            </Link>
            <Link to={paths.register} className={buttonClass('secondary', 'lg')}>
              {t('signUp')}
            </Link>
          </div>
          <div className="mt-12 grid gap-4 text-left sm:grid-cols-3">
            <Feature icon={<Award className="h-6 w-6" />} title={t('qualityTitle')} text={t('qualityText')} />
            <Feature icon={<Truck className="h-6 w-6" />} title={t('deliveryTitle')} text={t('deliveryText')} />
            <Feature icon={<Clock className="h-6 w-6" />} title={t('decadesTitle')} text={t('decadesText')} />
          </div>
        </div>
      </section>
      <section className="px-4 py-14">
        <div className="mx-auto max-w-5xl">
          <h2 className="text-center text-2xl font-bold sm:text-3xl">{t('whatWePrint')}</h2>
          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            {[
              { icon: <FileText className="h-6 w-6" />, title: t('pdfTitle'), text: t('pdfText') },
              { icon: <CreditCard className="h-6 w-6" />, title: t('pvcTitle'), text: t('pvcText') },
              { icon: <BookOpen className="h-6 w-6" />, title: t('bindingTitle'), text: t('bindingText') },
            ].map((s) => (
              <div
                key={s.title}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="text-brand-700 dark:text-brand-500">{s.icon}</span>
                <h3 className="mt-3 text-lg font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{s.text}</p>
                <Link to={paths.register} className={buttonClass('outline', 'sm', 'mt-4')}>
                  {t('startOrdering')}
                </Link>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="bg-white px-4 py-14 dark:bg-slate-900" aria-labelledby="contact-heading">
        <div className="mx-auto grid max-w-5xl gap-8 md:grid-cols-2">
          <div>
            <h2 id="contact-heading" className="text-2xl font-bold sm:text-3xl">
              {t('contactUs')}
            </h2>
            <ContactList />
            <a
              href={mapsSearchUrl(shopConfig.mapQuery)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('default', 'default', 'mt-6')}
            >
              <MapPin className="h-4 w-4" aria-hidden /> {t('directions')}
            </a>
          </div>
          <MapFrame />
        </div>
      </section>
    </>
  );
}

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span className="text-brand-700 dark:text-brand-500">{icon}</span>
      <h2 className="mt-3 font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</p>
    </div>
  );
}

function ContactList() {
  return (
    <ul className="mt-4 space-y-3 text-sm">
      <li className="flex gap-3">
        <Phone className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
        <a href={telHref} className="inline-block py-2 -my-2 hover:underline">
          {shopConfig.phone}
        </a>
      </li>
      <li className="flex gap-3">
        <Mail className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
        <a href={`mailto:${shopConfig.email}`} className="inline-block py-2 -my-2 hover:underline">
          {shopConfig.email}
        </a>
      </li>
      <li className="flex gap-3">
        <MapPin className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
        <span>{shopText('address')}</span>
      </li>
      <li className="flex gap-3">
        <Clock className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
        <span>{shopText('hours')}</span>
      </li>
    </ul>
  );
}

function MapFrame() {
  const t = useHomeText();
  return (
    <iframe
      title={t('mapOf', { shop: shopText('name') })}
      src={mapsEmbedUrl(shopConfig.mapQuery)}
      loading="lazy"
      sandbox="allow-scripts allow-same-origin allow-popups"
      referrerPolicy="no-referrer-when-downgrade"
      className="h-72 w-full rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800"
    />
  );
}

/** An account made in the last half hour is new here: "Welcome", not "Welcome back". */
const NEW_ACCOUNT_MS = 30 * 60_000;

function SignedInHome({ name, createdAt }: { name: string; createdAt: string }) {
  const [params, setParams] = useSearchParams();
  const t = useHomeText();
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
