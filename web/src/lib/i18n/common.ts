import { defineCatalogue } from './catalogue';
import en from './common/en';

/** The layout's texts and the words every screen uses. */
export const {
  t: commonText,
  useText: useCommonText,
  rich: commonRich,
} = defineCatalogue('common', en, () => import('./common/te'));
