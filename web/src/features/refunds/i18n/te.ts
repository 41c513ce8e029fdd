import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  title: 'రీఫండ్లు',
  requested: 'రీఫండ్ పంపుతున్నాం',
  pending: 'రీఫండ్ దారిలో ఉంది',
  processed: 'రీఫండ్ అయింది',
  failed: 'రీఫండ్ కాలేదు',
  bounced: 'బ్యాంక్ తిరస్కరించింది',
  handed_back: 'కౌంటర్‌లో తిరిగి ఇచ్చాం',
  detailProcessed: '{when} · సాధారణంగా 5–7 పని దినాల్లో బ్యాంక్‌లో కనిపిస్తుంది',
  detailOnItsWay: '{when} · దారిలో ఉంది',
  detailBounced: '{when} · షాప్ కౌంటర్‌లో నగదు లేదా UPI ద్వారా తిరిగి ఇస్తుంది',
  detailHandedBack:
    '{when} · బ్యాంక్ తిరస్కరించింది; కౌంటర్‌లో {method, select, upi {UPIతో} other {నగదుగా}} తిరిగి ఇచ్చాం: {given}',
} satisfies TranslationOf<typeof en>;
