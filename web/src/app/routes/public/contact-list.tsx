import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { shopConfig, shopText } from '@/lib/shop-config';

const telHref = `tel:${shopConfig.phone.replace(/\s/g, '')}`;

/** The shop's phone, e-mail, address and hours (the home page's contact parts). */
export function ContactList() {
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
