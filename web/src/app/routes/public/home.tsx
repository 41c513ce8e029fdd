import { mapsEmbedUrl, mapsSearchUrl } from '@shop/shared/config/shop-config';
import { Award, BookOpen, Clock, CreditCard, FileText, MapPin, Truck } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { hasSessionHint, useUser } from '@/lib/auth';
import { Link } from '@/lib/router';
import { shopConfig, shopText } from '@/lib/shop-config';
import { useHomeText } from '../../i18n/home';
import { ContactList } from './contact-list';

// A signed-in customer's home is its own chunk (a visitor's first page does without it), fetched at once when this
// browser holds a session and opens on the home page, while the current user is still being asked for. Not on other
// addresses: a counter PC opening '/staff/dashboard' fetched it before the counter's own chunk.
const loadSignedInHome = () => import('./signed-in-home');
const SignedInHome = lazy(loadSignedInHome);
if (location.pathname === paths.home && hasSessionHint()) void loadSignedInHome().catch(() => {});

/** '522001–522004' for a run of consecutive pincodes, else the list. */
function pincodeRange(pins: readonly string[]): string {
  const sorted = [...pins].sort();
  const consecutive = sorted.every((p, i) => i === 0 || Number(p) === Number(sorted[i - 1]) + 1);
  return consecutive && sorted.length > 2 ? `${sorted[0]}–${sorted[sorted.length - 1]}` : sorted.join(', ');
}

/** Home: a light page (no form or validation libraries here; it is every customer's first load). */
export default function HomePage() {
  const { data: user } = useUser();
  if (!user) return <SignedOutHome />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedInHome name={user.name} createdAt={user.created_at} />
    </Suspense>
  );
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
