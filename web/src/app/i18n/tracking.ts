import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './tracking/en';

export const { useText: useTrackingText, rich: trackingRich } = defineCatalogue(
  'tracking',
  en,
  () => import('./tracking/te'),
);
