import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './history/en';

export const { t: historyText, useText: useHistoryText } = defineCatalogue('history', en, () => import('./history/te'));
