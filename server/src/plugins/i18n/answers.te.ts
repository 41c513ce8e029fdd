import type { TranslationOf } from '../../lib/i18n.ts';
import type en from './answers.en.ts';

export default {
  unavailable: 'షాప్ కాసేపు అందుబాటులో లేదు. దయచేసి కొద్దిసేపటి తర్వాత మళ్ళీ ప్రయత్నించండి.',
  internal: 'మా వైపు ఏదో సమస్య వచ్చింది. దయచేసి మళ్ళీ ప్రయత్నించండి.',
  rateLimited: 'చాలాసార్లు ప్రయత్నించారు. కొన్ని నిమిషాలు ఆగి మళ్ళీ ప్రయత్నించండి.',
  invalidCharacters: 'మీరు పంపిన దాంట్లో అనుమతి లేని అక్షరాలు ఉన్నాయి.',
  notFound: 'దొరకలేదు',
  invalidRequest: 'పంపిన వివరాలు సరిగ్గా లేవు',
  invalidRequestDot: 'పంపిన వివరాలు సరిగ్గా లేవు.',
  invalidJson: 'పంపిన వివరాలు సరైన రూపంలో లేవు.',
  emptyBody: 'వివరాలు ఏమీ పంపలేదు.',
  tooLarge: 'పంపినది చాలా పెద్దదిగా ఉంది.',
  oneFile: 'ఒకసారి ఒక ఫైల్ మాత్రమే అప్‌లోడ్ చేయండి.',
  expectedUpload: 'ఇక్కడ ఒక ఫైల్ అప్‌లోడ్ చేయాలి.',
  tooManyFields: 'ఫారంలో చాలా ఎక్కువ వివరాలు ఉన్నాయి.',
  signIn: 'కొనసాగడానికి దయచేసి సైన్ ఇన్ చేయండి.',
  noPermission: 'ఇది చేయడానికి మీకు అనుమతి లేదు.',
  customerOnly: 'ఈ పేజీ కస్టమర్ అకౌంట్లకు మాత్రమే.',
  staffOnly: 'ఇది షాప్ స్టాఫ్ మాత్రమే చేయగలరు.',
  adminOnly: 'ఇది షాప్ అడ్మిన్ మాత్రమే చేయగలరు.',
  badOrigin: 'ఈ అభ్యర్థన షాప్ పేజీల నుండి రాలేదు.',
} as const satisfies TranslationOf<typeof en>;
