import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  secure: 'సురక్షిత చెల్లింపు',
  testMode: 'టెస్ట్ మోడ్',
  order: 'ఆర్డర్ {id}',
  methods: 'కార్డ్ / UPI / నెట్‌బ్యాంకింగ్ (టెస్ట్: డబ్బు కదలదు)',
  processing: 'జరుగుతోంది…',
  pay: '{amount} చెల్లించండి',
  simulateFailure: 'విఫలమైనట్లు చూపించు',
  secured: 'సురక్షిత టెస్ట్ చెల్లింపు',
  failed: 'చెల్లింపు విఫలమైంది',
} satisfies TranslationOf<typeof en>;
