import { mapsSearchUrl } from '@shop/shared/config/shop-config';
import { Clock, ExternalLink, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { commonRich, useCommonText } from '@/lib/i18n/common';
import { shopConfig, shopText } from '@/lib/shop-config';

/** The copyright year, read once when the page loads. */
const YEAR = new Date().getFullYear();
// At least 32 px tall so a thumb hits the right link on a phone.
const linkClass = 'py-1.5 sm:py-0.5 hover:text-brand-700 hover:underline dark:hover:text-brand-100';

export function SiteFooter() {
  const maps = mapsSearchUrl(shopConfig.mapQuery || shopText('address'));
  const t = useCommonText();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-2">
          <p className="font-semibold text-slate-900 dark:text-slate-100">{shopText('name')}</p>
          <p>{shopText('tagline')}</p>
          <p className="flex items-center gap-2">
            <Clock className="h-4 w-4 shrink-0" aria-hidden /> {shopText('hours')}
          </p>
        </div>
        <address className="space-y-1 not-italic">
          <p className="font-semibold text-slate-900 dark:text-slate-100">{t('footer.contact')}</p>
          <a
            href={maps}
            target="_blank"
            rel="noopener noreferrer"
            className={`flex items-start gap-2 ${linkClass}`}
            title={t('footer.mapTitle')}
          >
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{shopText('address')}</span>
          </a>
          <a href={`mailto:${shopConfig.email}`} className={`flex items-center gap-2 ${linkClass}`}>
            <Mail className="h-4 w-4 shrink-0" aria-hidden /> {shopConfig.email}
          </a>
          <a href={`tel:${shopConfig.phone.replace(/\s+/g, '')}`} className={`flex items-center gap-2 ${linkClass}`}>
            <Phone className="h-4 w-4 shrink-0" aria-hidden /> {shopConfig.phone}
          </a>
          <a
            href={maps}
            target="_blank"
            rel="noopener noreferrer"
            className={`inline-flex items-center gap-2 font-medium text-brand-700 dark:text-brand-500 ${linkClass}`}
          >
            <ExternalLink className="h-4 w-4 shrink-0" aria-hidden /> {t('footer.openMaps')}
          </a>
        </address>
        <div className="space-y-2">
          <p className="font-semibold text-slate-900 dark:text-slate-100">{t('footer.policies')}</p>
          <ul className="space-y-1">
            <li>
              <Link to={paths.terms} className={`inline-block ${linkClass}`}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={`inline-block ${linkClass}`}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={paths.refund} className={`inline-block ${linkClass}`}>
                {t('footer.refund')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.rights', { year: String(YEAR), shop: shopText('name') })}</p>
          <p>
            {commonRich('footer.licence', {
              source: (
                <a
                  href={shopConfig.sourceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`font-medium ${linkClass}`}
                />
              ),
            })}
          </p>
        </div>
      </div>
    </footer>
  );
}
