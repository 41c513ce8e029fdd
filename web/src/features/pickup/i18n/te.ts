import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  title: 'పికప్ కోడ్',
  qr: '{order} తీసుకెళ్ళడానికి QR కోడ్',
  code: 'పికప్ కోడ్ {digits}',
  show: 'మీ ఆర్డర్ తీసుకెళ్ళేటప్పుడు కౌంటర్‌లో ఈ కోడ్ గానీ QR కోడ్ గానీ చూపించండి. ఇది ఇంకెవరికీ చెప్పకండి.',
  collected: 'తీసుకెళ్ళారు',
  collectedText: '{order} తీసుకెళ్ళినట్లు నమోదు చేశాం.',
  notCollected: 'అప్పగించలేదు',
  qrNotOurs: 'ఆ QR కోడ్ మా షాప్ పికప్ కోడ్ కాదు.',
  qrOther: 'ఆ QR కోడ్ {other} ఆర్డర్‌ది, {order}ది కాదు.',
  collect: '{order} అప్పగించండి',
  ask: '{name} ఆర్డర్ పేజీలో లేదా మెయిల్‌లో ఉన్న పికప్ కోడ్ అడగండి.',
  label: 'పికప్ కోడ్',
  scan: 'QR కోడ్ స్కాన్ చేయండి',
  checking: 'చెక్ చేస్తున్నాం…',
  mark: 'తీసుకెళ్ళారు అని నమోదు చేయండి',
  camera: 'కెమెరా',
  noCamera: 'కెమెరా తెరవలేకపోయాం. కోడ్ టైప్ చేయండి.',
  notPrinted:
    'ఇంకా ప్రింట్ చేయలేదు: ఈ ఆర్డర్ ఇంకా {status} స్థితిలో ఉంది. కస్టమర్ దగ్గర ప్రింట్లు ఇప్పటికే ఉంటేనే అప్పగించండి.',
  markAnyway: 'అయినా తీసుకెళ్ళారని మార్క్ చేయండి',
  'find.open': 'పికప్ కోడ్ {code} ఉన్న ఆర్డర్ తెరవండి',
  'find.failed': 'ఇప్పుడు ఆర్డర్ దొరకలేదు. మళ్ళీ ప్రయత్నించండి.',
  stop: 'స్కాన్ ఆపండి',
} satisfies TranslationOf<typeof en>;
