import type { TranslationOf } from '../../../lib/i18n.ts';
import type en from './answers.en.ts';

export default {
  short: 'సందేశం రాయండి (కనీసం 2 అక్షరాలు)',
  long: 'సందేశం {max} అక్షరాల లోపు ఉండాలి',
  bidi: 'సందేశంలో కనిపించని దిశా-నియంత్రణ అక్షరాలు ఉన్నాయి; దయచేసి మళ్ళీ టైప్ చేయండి',
  controls: 'సందేశంలో అనుమతి లేని అక్షరాలు ఉన్నాయి',
  tooMany: 'కొద్దిసేపట్లోనే చాలా సందేశాలు పంపారు. {wait} ఆగి మళ్ళీ ప్రయత్నించండి.',
} as const satisfies TranslationOf<typeof en>;
