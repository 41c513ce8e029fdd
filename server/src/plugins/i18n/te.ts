import type { TranslationOf } from '../../lib/i18n.ts';
import type en from './en.ts';

export default {
  seconds: '{n, plural, one {# సెకను} other {# సెకన్లు}}',
  minutes: '{n, plural, one {# నిమిషం} other {# నిమిషాలు}}',
  aboutHours: 'సుమారు {n, plural, one {# గంట} other {# గంటలు}}',
  and: '{first}, {last}',
} as const satisfies TranslationOf<typeof en>;
