import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

export const { useText: useCheckoutText } = defineCatalogue('checkout', en, () => import('./i18n/te'));
