/**
 * The shop's Telugu glossary (docs/decisions/038-telugu-glossary-and-pdf-text.md): one Telugu word for each of the
 * shop's terms, and the spellings and words that must not stand in for it. Every Telugu text the shop writes follows
 * it: the web app's catalogues, the shared words, the server's answers, the mails and the bill PDF.
 * `server/test/i18n/glossary.test.ts` reads every source file and fails on a line that uses an avoided form.
 *
 * Choices, for whoever adds a string: the words a customer at a Guntur counter says (అకౌంట్, పేపర్, రెడీ, సేవ్),
 * English names of documents and things kept as the shop says them (ట్యాక్స్ ఇన్‌వాయిస్, క్రెడిట్ నోట్, పికప్ కోడ్),
 * ళ్ళ rather than ళ్ల and నుండి rather than నుంచి (the spelling most screens had), a zero-width non-joiner where an
 * English word's halant stays visible (అప్‌లోడ్, ఇన్‌వాయిస్), and active sentences rather than translated passives.
 *
 * `avoid` holds regular-expression sources (matched with the `u` flag). A Telugu word has no \b: `(?<!T)` and `(?!T)`
 * below stand for "not inside a longer word".
 */
export interface GlossaryEntry {
  /** The English term, or the rule. */
  en: string;
  /** The one Telugu form. */
  te: string;
  /** What must not be written instead (regular-expression sources). */
  avoid: readonly string[];
  note?: string;
}

/** A Telugu letter, sign or joiner: a match preceded or followed by one is inside a longer word. */
const T = '[\\u0C00-\\u0C7F\\u200C\\u200D]';

export const GLOSSARY: readonly GlossaryEntry[] = [
  // Spelling, everywhere.
  {
    en: 'ḷḷa (again, files, go)',
    te: 'ళ్ళ: మళ్ళీ, ఫైళ్ళు, వెళ్ళండి, తీసుకెళ్ళారు',
    avoid: ['ళ్ల'],
    note: 'One spelling of the doubled ళ.',
  },
  { en: 'from', te: 'నుండి', avoid: ['నుంచ'] },
  // The shop's terms.
  { en: 'account', te: 'అకౌంట్', avoid: ['ఖాతా'], note: 'Also a bank or UPI account.' },
  {
    en: 'paper',
    te: 'పేపర్',
    avoid: ['కాగిత'],
    note: 'White paper is తెల్ల పేపర్; a paper original is పేపర్ ఒరిజినల్.',
  },
  {
    en: 'tax invoice',
    te: 'ట్యాక్స్ ఇన్‌వాయిస్',
    avoid: ['టాక్స్', 'పన్ను ఇన్', 'ఇన్వాయి', 'ఇన్ వాయి'],
    note: 'The document names are said as in English; "tax" in a sentence is పన్ను.',
  },
  { en: 'bill', te: 'బిల్లు', avoid: [`బిల్(?!ల|\\s+ఆఫ్)`], note: 'బిల్ only in బిల్ ఆఫ్ సప్లై.' },
  { en: 'bill of supply', te: 'బిల్ ఆఫ్ సప్లై', avoid: ['బిల్ ఆఫ్ సప్లయ్'] },
  {
    en: 'receipt',
    te: 'రసీదు',
    avoid: ['రశీదు', 'రిసీట్'],
    note: 'A refund by a shop outside GST gives a రీఫండ్ రసీదు.',
  },
  { en: 'credit note', te: 'క్రెడిట్ నోట్', avoid: ['క్రెడిట్ నోటు'] },
  {
    en: 'business (bill, name)',
    te: 'GST బిల్లు; వ్యాపారం పేరు',
    avoid: ['బిజినెస్'],
    note: 'A bill with the customer’s GSTIN is a GST బిల్లు.',
  },
  { en: 'ready', te: 'రెడీ', avoid: ['సిద్ధ'] },
  {
    en: 'collected (picked up)',
    te: 'తీసుకెళ్ళారు',
    avoid: ['తీసుకున్నారు', `తీసుకోండి`, 'తీసుకోవచ్చు'],
    note: 'Staff hand it over: అప్పగించండి.',
  },
  { en: 'hand over', te: 'అప్పగించండి', avoid: ['అందజేస'] },
  { en: 'pickup', te: 'షాప్ పికప్, పికప్ కోడ్', avoid: ['పిక్ అప్', 'పిక్‌అప్', 'పిక్అప్'] },
  { en: 'home delivery', te: 'ఇంటికి డెలివరీ', avoid: ['హోమ్ డెలివరీ'] },
  { en: 'service', te: 'సేవ', avoid: ['సర్వీస్'] },
  {
    en: 'save',
    te: 'సేవ్ చేయండి',
    avoid: [`దాచ(?!ు(?!${T}))`, 'దాస్త'],
    note: 'దాచు is "hide" (పాస్‌వర్డ్ దాచు); keeping something is ఉంచు.',
  },
  { en: 'card', te: 'కార్డ్ (plural కార్డులు)', avoid: ['కార్డు(?!ల)'] },
  { en: 'bank', te: 'బ్యాంక్', avoid: ['బ్యాంకు'] },
  { en: 'colour', te: 'కలర్', avoid: ['రంగు'] },
  { en: 'page range', te: 'పరిధి', avoid: ['శ్రేణి'] },
  { en: 'walk-in order', te: 'కౌంటర్ ఆర్డర్', avoid: ['నేరుగా వచ్చిన'] },
  { en: 'status', te: 'స్థితి', avoid: ['స్టేటస్'] },
  { en: 'e-mail', te: 'ఈమెయిల్ (a message: మెయిల్)', avoid: ['ఇమెయిల్', 'ఈ-మెయిల్'] },
  { en: 'address', te: 'చిరునామా', avoid: ['అడ్రస్'] },
  { en: 'customer', te: 'కస్టమర్', avoid: ['వినియోగదారు'] },
  { en: 'cash', te: 'నగదు', avoid: ['క్యాష్'] },
  { en: 'print, printing', te: 'ప్రింట్, ప్రింటింగ్', avoid: ['ముద్రణ', 'ముద్రించ'] },
  { en: 'copies', te: 'కాపీలు', avoid: ['ప్రతులు'] },
  { en: 'upload, download', te: 'అప్‌లోడ్, డౌన్‌లోడ్', avoid: ['అప్లోడ్', 'డౌన్లోడ్', 'అప్ లోడ్'] },
  { en: 'password', te: 'పాస్‌వర్డ్', avoid: ['పాస్వర్డ్', 'పాస్ వర్డ్'] },
  { en: 'pincode', te: 'పిన్‌కోడ్', avoid: ['పిన్కోడ్', 'పిన్ కోడ్'] },
  { en: 'number', te: 'నంబర్', avoid: ['నెంబర్', 'నంబరు'] },
  { en: 'sign in', te: 'సైన్ ఇన్', avoid: ['లాగిన్', 'లాగ్ ఇన్'] },
  { en: 'discount', te: 'తగ్గింపు', avoid: ['డిస్కౌంట్'] },
  { en: 'delivery charge', te: 'డెలివరీ ఛార్జీ', avoid: ['చార్జ'] },
  // Style.
  {
    en: 'lists: "A, B and C" / "A, B or C"',
    te: 'commas, or లేదా',
    avoid: ['మరియు'],
    note: 'మరియు reads translated; a list of formats means "or".',
  },
  {
    en: 'passive voice (is opened, will not be printed)',
    te: 'active: తెరిచాం, ప్రింట్ చేయం',
    avoid: [`(?<=${T})బడ(?:ింది|ిన|దు|్డాయి|్డారు|తుంది|తాయి|ును)`],
    note: 'తెరవబడింది, చేయబడదు read as translations.',
  },
  { en: 'whole number (copies)', te: '1, 2, 3 లాంటి సంఖ్య', avoid: ['పూర్ణ సంఖ్య'] },
];

export interface GlossaryProblem {
  entry: GlossaryEntry;
  /** What was written. */
  found: string;
  index: number;
}

const compiled = GLOSSARY.map((entry) => ({ entry, patterns: entry.avoid.map((a) => new RegExp(a, 'gu')) }));

/** The places a text breaks the glossary, in order. */
export function glossaryProblems(text: string): GlossaryProblem[] {
  const problems: GlossaryProblem[] = [];
  for (const { entry, patterns } of compiled) {
    for (const re of patterns) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) problems.push({ entry, found: m[0], index: m.index });
    }
  }
  return problems.sort((a, b) => a.index - b.index);
}
