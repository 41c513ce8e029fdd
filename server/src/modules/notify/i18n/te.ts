import type { TranslationOf } from '../../../lib/i18n.ts';
import type en from './en.ts';

/** The order mails in Telugu, as the shop writes to its customers; numbers, amounts and codes stay in Latin digits. */
export default {
  hello: 'నమస్కారం {name} గారు,',
  followLink: 'మీ ఆర్డర్ ఎక్కడ ఉందో ఇక్కడ చూడండి: {url}',
  followButton: 'ఆర్డర్ స్థితి చూడండి',
  callShop: 'మీ ఆర్డర్ గురించి ఏమైనా అడగాలంటే, ఆర్డర్ నంబర్‌తో {phone} కి ఫోన్ చేయండి.',
  status_unvisited: 'ఆర్డర్ అందింది',
  status_visited: 'చూశాం',
  status_processing: 'ప్రింట్ అవుతోంది',
  status_completed: '{delivery, select, pickup {తీసుకెళ్ళడానికి రెడీ} other {డెలివరీకి బయలుదేరింది}}',
  status_done: '{delivery, select, pickup {తీసుకెళ్ళారు} other {డెలివరీ అయింది}}',

  confirmationSubject: 'ఆర్డర్ {orderNumber} అందింది: {amount} చెల్లించారు',
  confirmationThanks:
    '{method, select, cash {ధన్యవాదాలు! మీ ఆర్డర్ {orderNumber}, కౌంటర్‌లో నగదుగా చెల్లించిన {amount} మాకు అందాయి.} upi_counter {ధన్యవాదాలు! మీ ఆర్డర్ {orderNumber}, కౌంటర్‌లో UPI ద్వారా చెల్లించిన {amount} మాకు అందాయి.} other {ధన్యవాదాలు! మీ ఆర్డర్ {orderNumber}, మీరు చెల్లించిన {amount} మాకు అందాయి.}}',
  readyBy: '{when} కల్లా రెడీ అవుతుంది.',
  printingWhileYouWait: 'మీరు {shop} లో ఉండగానే ప్రింట్ చేస్తున్నాం.',
  printing_bw: 'బ్లాక్ & వైట్',
  printing_color: 'కలర్',
  printing_pvc: 'PVC కార్డ్',
  printing_mixed: '{pages} పేజీలు కలర్‌లో, మిగతావి బ్లాక్ & వైట్‌లో',
  orientation_portrait: 'నిలువుగా (పోర్ట్రెయిట్)',
  orientation_landscape: 'అడ్డంగా (ల్యాండ్‌స్కేప్)',
  sides_single: 'ఒక వైపు',
  sides_double: 'రెండు వైపులా',
  paper: '{size} {type}',
  paper_white_70gsm: 'తెల్ల పేపర్ 70 GSM',
  paper_white_75gsm: 'తెల్ల పేపర్ 75 GSM',
  paper_bond_80gsm: 'బాండ్ పేపర్ 80 GSM',
  paper_bond_100gsm: 'బాండ్ పేపర్ 100 GSM',
  paper_photo_paper: 'ఫోటో పేపర్',
  binding_spiral: 'స్పైరల్ బైండింగ్',
  binding_paper: 'పేపర్ బైండింగ్',
  binding_transparent: 'ట్రాన్స్‌పరెంట్ షీట్',
  lamination: 'లామినేషన్',
  pickupAt: '{shop}, {address} నుండి తీసుకెళ్ళండి. రెడీ కాగానే మీకు మెయిల్ చేస్తాం.',
  deliverTo: 'ఈ చిరునామాకు డెలివరీ చేస్తాం: {address}.',
  pickupCodeFull: 'మీ పికప్ కోడ్: {code} (కౌంటర్‌లో చూపించండి; దీని QR కోడ్ మీ ఆర్డర్ పేజీలో ఉంది).',
  billAttached:
    '{type, select, receipt {మీ రసీదు {serial} ని PDF గా జత చేశాం.} bill_of_supply {మీ బిల్ ఆఫ్ సప్లై {serial} ని PDF గా జత చేశాం.} other {మీ ట్యాక్స్ ఇన్‌వాయిస్ {serial} ని PDF గా జత చేశాం.}}',

  readySubject:
    '{delivery, select, pickup {ఆర్డర్ {orderNumber}: తీసుకెళ్ళడానికి రెడీ} other {ఆర్డర్ {orderNumber}: డెలివరీకి బయలుదేరింది}}',
  readyPickup: 'మీ ఆర్డర్ {orderNumber} ప్రింట్ అయిపోయింది. {shop}, {address} నుండి తీసుకెళ్ళవచ్చు.',
  pickupCode: 'మీ పికప్ కోడ్: {code}',
  readyDelivery: 'మీ ఆర్డర్ {orderNumber} ప్రింట్ అయిపోయింది, ఈ చిరునామాకు డెలివరీకి బయలుదేరింది: {address}.',

  doneSubject:
    '{delivery, select, pickup {ఆర్డర్ {orderNumber}: తీసుకెళ్ళారు} other {ఆర్డర్ {orderNumber}: డెలివరీ అయింది}}',
  doneBody:
    '{delivery, select, pickup {మీ ఆర్డర్ {orderNumber} తీసుకెళ్ళారు. {shop} ని ఎంచుకున్నందుకు ధన్యవాదాలు.} other {మీ ఆర్డర్ {orderNumber} మీకు అందింది. {shop} ని ఎంచుకున్నందుకు ధన్యవాదాలు.}}',

  messageSubject: 'మీ ఆర్డర్ {orderNumber} గురించి షాప్ నుండి సందేశం',
  messageFrom: '{shop} నుండి {from} రాస్తున్నారు:',
  messageAnswer: 'జవాబు కోసం {phone} కి ఫోన్ చేయండి, లేదా ఈ మెయిల్‌కు రిప్లై ఇవ్వండి.',
} as const satisfies TranslationOf<typeof en>;
