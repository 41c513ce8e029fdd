import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './policies/en';

export const { useText: usePoliciesText } = defineCatalogue('policies', en, () => import('./policies/te'));
