import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  receipt: 'రసీదు',
  billOfSupply: 'బిల్ ఆఫ్ సప్లై',
  taxInvoice: 'ట్యాక్స్ ఇన్‌వాయిస్',
  creditNote: 'క్రెడిట్ నోట్',
  link: '{document} {serial} (PDF)',
  checkGstin: 'GSTIN ఒకసారి సరిచూడండి.',
  add: 'GST బిల్లు కోసం GSTIN జత చేయండి',
  gstin: 'GSTIN',
  gstinHint: '15 అక్షరాలు, ఉదా. 37ABCDE1234F1Z5',
  businessName: 'వ్యాపారం పేరు (నమోదైనట్లుగా)',
} satisfies TranslationOf<typeof en>;
