import type { TranslationOf } from '@/lib/i18n/catalogue';
import type en from './en';

export default {
  invalidName: 'పేరు సరిగ్గా లేదు',
  invalidNameText: 'దయచేసి సరైన పేరు రాయండి.',
  updated: 'ప్రొఫైల్ మార్చాం',
  updatedText: 'మీ పేరు సేవ్ చేశాం.',
  updateFailed: 'మార్పు కాలేదు',
  updateFailedText: 'మీ ప్రొఫైల్ మార్చేటప్పుడు సమస్య వచ్చింది. దయచేసి మళ్ళీ ప్రయత్నించండి.',
  name: 'పేరు',
  saving: 'సేవ్ చేస్తున్నాం…',
  save: 'సేవ్ చేయండి',
  cancel: 'వద్దు',
  mobileSaved: 'మొబైల్ నంబర్ సేవ్ చేశాం',
  savedTitle: 'సేవ్ చేసిన వివరాలు',
  savedText: 'ఆర్డర్ ఇచ్చేటప్పుడు ఇవి మీకు చూపిస్తాం, మళ్ళీ టైప్ చేయక్కర్లేదు.',
  mobile: 'మొబైల్ నంబర్',
  saveNumber: 'నంబర్ సేవ్ చేయండి',
  addresses: 'డెలివరీ చిరునామాలు',
  noAddresses: 'మీ తర్వాతి ఇంటికి డెలివరీ ఆర్డర్ తర్వాత ఆ చిరునామా ఇక్కడ కనిపిస్తుంది.',
  deleteAddress: '{address} చిరునామా తొలగించండి',
  couldNotDelete: 'తొలగించలేకపోయాం',
  tryAgain: 'దయచేసి మళ్ళీ ప్రయత్నించండి.',
} satisfies TranslationOf<typeof en>;
