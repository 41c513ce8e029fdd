import type { TranslationOf } from '../../../lib/i18n.ts';
import type en from './en.ts';

/** The refund mail in Telugu. */
export default {
  subject: 'ఆర్డర్ {orderNumber}: {amount} తిరిగి చెల్లించాం',
  hello: 'నమస్కారం {name} గారు,',
  refunded: 'మీ ఆర్డర్ {orderNumber} కు సంబంధించి {amount} మీకు తిరిగి చెల్లించాం.',
  reason: 'కారణం: {reason}',
  atCounter: 'ఈ మొత్తాన్ని కౌంటర్‌లోనే మీకు ఇచ్చాం.',
  toBank:
    'మీరు చెల్లించిన కార్డ్, UPI అకౌంట్ లేదా బ్యాంక్ అకౌంట్‌కే ఈ డబ్బు తిరిగి జమ అవుతుంది; సాధారణంగా 5–7 పని దినాల్లో బ్యాంక్‌లో కనిపిస్తుంది.',
  creditNote:
    '{kind, select, receipt {రీఫండ్ రసీదు {serial} ని PDF గా జత చేశాం.} other {క్రెడిట్ నోట్ {serial} ని PDF గా జత చేశాం.}}',
  yourOrder: 'మీ ఆర్డర్: {url}',
  bouncedSubject: 'ఆర్డర్ {orderNumber}: {amount} రీఫండ్‌ను మీ బ్యాంక్ తీసుకోలేదు',
  bounced:
    'మీ ఆర్డర్ {orderNumber} కు చెల్లించిన {amount} రీఫండ్‌ను మీ బ్యాంక్ తీసుకోలేకపోయింది, అందుకే ఆ డబ్బు మాకు తిరిగి వచ్చింది. ఆ డబ్బు మీదే.',
  bouncedWhatNext:
    'దాన్ని మా కౌంటర్‌లో నగదుగా లేదా UPIతో తిరిగి ఇస్తాం: మీ ఆర్డర్ నంబర్‌తో {address} కు రండి, లేదా {phone} కు ఫోన్ చేయండి.',
} as const satisfies TranslationOf<typeof en>;
