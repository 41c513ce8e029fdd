import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './home/en';

export const { useText: useHomeText } = defineCatalogue('home', en, () => import('./home/te'));
