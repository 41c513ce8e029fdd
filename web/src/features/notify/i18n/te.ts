import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  fromShop: 'షాప్ నుండి సందేశాలు',
  optIn: 'నా ఆర్డర్ వివరాలు WhatsAppలో పంపండి',
  optInText:
    'ఆర్డర్ అందినప్పుడు, రెడీ అయినప్పుడు, పూర్తయినప్పుడు, షాప్ నుండి సందేశాలు పైన ఇచ్చిన నంబర్‌కు వస్తాయి. మెయిల్స్ కూడా వస్తాయి.',
  sent: 'సందేశం పంపాం',
  sentText: '{name}కి మెయిల్‌లో, ఆర్డర్ పేజీలో కనిపిస్తుంది.',
  notSent: 'సందేశం వెళ్ళలేదు',
  title: '{order} గురించి సందేశం',
  to: '{name}కి, మెయిల్‌లో, వారి ఆర్డర్ పేజీలో.',
  label: 'సందేశం',
  hint: '{max} అక్షరాల వరకు',
  placeholder: '14వ పేజీ ఖాళీగా ఉంది. అయినా ప్రింట్ చేయమంటారా?',
  cancel: 'వద్దు',
  sending: 'పంపుతున్నాం…',
  send: 'సందేశం పంపండి',
} satisfies TranslationOf<typeof en>;
