import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  title: 'మా సేవలు',
  subtitle: 'ఒక విభాగం ఎంచుకోండి; అందులోని సేవలు, ధరలు కనిపిస్తాయి.',
  viewServices: 'సేవలు చూడండి',
  back: 'సేవలకు వెనక్కి',
  error: 'సమస్య',
  fetchFailed: 'సేవల వివరాలు తెచ్చుకోలేకపోయాం',
  emptyTitle: 'ప్రస్తుతం సేవలు లేవు',
  emptyText: 'ఈ విభాగంలో ఇప్పుడు సేవలేవీ లేవు. దయచేసి కొంతసేపటి తర్వాత మళ్ళీ చూడండి.',
  fromPrice: 'పేజీకి <price>{price}</price> నుండి',
  printing: 'ప్రింటింగ్',
  paperSize: 'పేపర్ సైజు',
  paperType: 'పేపర్ రకం',
  singleSide: 'ఒక వైపు',
  doubleSide: 'రెండు వైపులా',
  perPage: 'పేజీకి {price}',
  perSheet: 'షీట్‌కి {price} (రెండు వైపులా)',
  select: 'ఎంచుకుని ముందుకు',
} satisfies TranslationOf<typeof en>;
