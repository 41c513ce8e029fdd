import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  notFound: 'ఆర్డర్ దొరకలేదు',
  errorTitle: 'ఆర్డర్ లోడ్ కాలేదు',
  notFoundText: 'మీ అకౌంట్‌లో {order} ఆర్డర్ దొరకలేదు.',
  errorText: 'ఆర్డర్ వివరాలు లోడ్ చేయలేకపోయాం. దయచేసి మళ్ళీ ప్రయత్నించండి.',
  history: 'ఆర్డర్ల చరిత్ర',
  goHome: 'హోమ్‌కి వెళ్ళండి',
  title: 'ఆర్డర్ {order}',
  placed: 'ఆర్డర్ ఇచ్చిన సమయం: {when}',
  documents: '{count, plural, one {డాక్యుమెంట్} other {డాక్యుమెంట్లు ({count})}}',
  free: 'ఉచితం',
  shopPickup: 'షాప్ పికప్',
  homeDelivery: 'ఇంటికి డెలివరీ',
  homeDeliveryFree: 'ఇంటికి డెలివరీ · ఉచితం',
  homeDeliveryCharge: 'ఇంటికి డెలివరీ · {charge}',
  mobile: 'మొబైల్: {mobile}',
  timeline: 'ఆర్డర్ ఎక్కడిదాకా వచ్చింది',
  placedPaid: 'ఆర్డర్ ఇచ్చి డబ్బు కట్టారు',
  was: '{when} · ఇంతకుముందు: {status}',
  progress: 'ఆర్డర్ పురోగతి',
  steps: 'ఆర్డర్ దశలు',
  done: '(పూర్తయింది)',
  notYet: '(ఇంకా లేదు)',
  saved:
    'ఇప్పుడే ఈ ఆర్డర్‌ను షాప్ నుండి తెచ్చుకోలేకపోయాం. మీరు చెల్లించినప్పుడు ఈ ఫోన్‌లో సేవ్ అయిన వివరాలు ఇవి; షాప్ జవాబిచ్చిన వెంటనే తాజా స్థితి ఇక్కడ కనిపిస్తుంది.',
  checking: 'చూస్తున్నాం…',
  tryAgain: 'మళ్ళీ ప్రయత్నించండి',
  call: 'ఆర్డర్ వివరాల కోసం ఫోన్ చేయండి: <phone>{phone}</phone>',
  help: 'సహాయం కావాలా? మమ్మల్ని సంప్రదించండి',
} satisfies TranslationOf<typeof en>;
