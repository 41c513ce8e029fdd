import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './account/en';

export const { useText: useAccountText } = defineCatalogue('account', en, () => import('./account/te'));
