import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

export const { useText: useNotifyText } = defineCatalogue('notify', en, () => import('./i18n/te'));
