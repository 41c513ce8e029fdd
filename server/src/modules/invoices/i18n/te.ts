import type { TranslationOf } from '../../../lib/i18n.ts';
import type en from './en.ts';

export default {
  receipt: 'రసీదు',
  bill_of_supply: 'బిల్ ఆఫ్ సప్లై',
  tax_invoice: 'ట్యాక్స్ ఇన్‌వాయిస్',
  credit_note: 'క్రెడిట్ నోట్',
  refund_receipt: 'రీఫండ్ రసీదు',
  customer: 'కస్టమర్',
  total: 'మొత్తం',
  refunded: 'తిరిగి ఇచ్చిన మొత్తం',
  reason: 'కారణం',
  placeOfSupply: 'సరఫరా స్థలం',
  original:
    '{kind, select, tax_invoice {{date} నాటి ట్యాక్స్ ఇన్‌వాయిస్ {serial} కు} bill_of_supply {{date} నాటి బిల్ ఆఫ్ సప్లై {serial} కు} other {{date} నాటి రసీదు {serial} కు}}',
  unregistered: 'ఈ షాప్ GST లో నమోదు కాలేదు: ఈ బిల్లుపై పన్ను వసూలు చేయలేదు.',
  composition: 'కాంపోజిషన్ పథకంలో ఉన్న వ్యాపారి: సరఫరాలపై పన్ను వసూలు చేయడానికి వీలు లేదు',
  computerGenerated: 'ఇది కంప్యూటర్ ద్వారా తయారైన ఇన్‌వాయిస్.',
  signatory: 'అధీకృత సంతకం',
  forShop: '{name} తరఫున',
  digitallySigned: 'డిజిటల్ సంతకం చేశాం',
} as const satisfies TranslationOf<typeof en>;
