import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

export const { useText: usePickupText } = defineCatalogue('pickup', en, () => import('./i18n/te'));
