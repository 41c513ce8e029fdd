import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

/** Every text the account screens show (i18n/en.ts, i18n/te.ts). */
export const {
  t: authText,
  useText: useAuthText,
  rich: authRich,
} = defineCatalogue('auth', en, () => import('./i18n/te'));
