import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './storage/en';

export const { useText: useStorageText } = defineCatalogue('storage', en, () => import('./storage/te'));
