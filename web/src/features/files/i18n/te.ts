import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  title: 'మీ ఫైళ్ళు',
  promiseBeforeReady: 'మీ ఆర్డర్ రెడీ అయిన {days, plural, one {# రోజు} other {# రోజుల}} తర్వాత మీ ఫైళ్ళు తొలగిస్తాం.',
  promiseDated:
    '{date}న మీ ఫైళ్ళు తొలగిస్తాం: మీ ఆర్డర్ రెడీ అయిన {days, plural, one {# రోజు} other {# రోజుల}} తర్వాత.',
  sensitivePromise: 'మీరు ఆర్డర్ తీసుకెళ్ళగానే సున్నితమైన డాక్యుమెంట్లు తొలగిస్తాం.',
  sensitivePromiseDelivery: 'మీ ఆర్డర్ డెలివరీ అవగానే సున్నితమైన డాక్యుమెంట్లు తొలగిస్తాం.',
  deletedOn: '{date}న మీ ఫైళ్ళు తొలగించాం.',
  deleted: 'మీ ఫైళ్ళు తొలగించాం.',
  deleteNow: 'నా ఫైళ్ళు ఇప్పుడే తొలగించండి',
  deleteConfirmTitle: 'మీ ఫైళ్ళు ఇప్పుడే తొలగించాలా?',
  deleteConfirm:
    'ఈ ఆర్డర్ ఫైళ్ళు ఇప్పుడే తొలగించాలా? ఆర్డర్, దాని బిల్లు షాప్ దగ్గర ఉంటాయి, కానీ ఈ ఫైళ్ళ నుండి మళ్ళీ ప్రింట్ చేయలేం.',
  deleting: 'తొలగిస్తున్నాం…',
  cancel: 'వద్దు',
  deleteFailed: 'మీ ఫైళ్ళు తొలగించలేకపోయాం. దయచేసి మళ్ళీ ప్రయత్నించండి.',
  sensitiveLabel: 'సున్నితమైన డాక్యుమెంట్ (ID కార్డ్, సర్టిఫికెట్)',
  sensitiveHint:
    'షాప్ దీన్ని ప్రింట్ చేస్తుంది కానీ డౌన్‌లోడ్ చేయలేదు; మీ ఆర్డర్ తీసుకెళ్ళగానే లేదా డెలివరీ అవగానే తొలగిస్తుంది.',
} satisfies TranslationOf<typeof en>;
