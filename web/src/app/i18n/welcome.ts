import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './welcome/en';

export const { useText: useWelcomeText } = defineCatalogue('welcome', en, () => import('./welcome/te'));
