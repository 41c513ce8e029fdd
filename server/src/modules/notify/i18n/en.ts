/**
 * The customer's order mails and WhatsApp words, in English (docs/decisions/029-mail-attachments-and-languages.md).
 * ICU messages: {placeholders}, plurals and selects; order numbers, amounts and codes are passed in as they are.
 */
export default {
  hello: 'Hello {name},',
  followLink: 'Follow your order: {url}',
  followButton: 'Follow your order',
  callShop: 'Questions about your order? Call {phone} with its number.',
  status_unvisited: 'Order Placed',
  status_visited: 'Viewed',
  status_processing: 'Printing',
  status_completed: '{delivery, select, pickup {Ready for pickup} other {Out for delivery}}',
  status_done: '{delivery, select, pickup {Collected} other {Delivered}}',

  confirmationSubject: 'Order {orderNumber} placed: {amount} paid',
  confirmationThanks:
    '{method, select, cash {Thank you: we have your order {orderNumber} and your payment of {amount} in cash at the counter.} upi_counter {Thank you: we have your order {orderNumber} and your payment of {amount} by UPI at the counter.} other {Thank you: we have your order {orderNumber} and your payment of {amount}.}}',
  readyBy: 'It will be ready by {when}.',
  printingWhileYouWait: 'It is being printed while you wait at {shop}.',
  printing_bw: 'black & white',
  printing_color: 'colour',
  printing_pvc: 'PVC card',
  printing_mixed: 'colour on pages {pages}, the rest black & white',
  orientation_portrait: 'portrait',
  orientation_landscape: 'landscape',
  sides_single: 'single-sided',
  sides_double: 'double-sided',
  paper: '{size} {type}',
  paper_white_70gsm: 'White 70 GSM',
  paper_white_75gsm: 'White 75 GSM',
  paper_bond_80gsm: 'Bond 80 GSM',
  paper_bond_100gsm: 'Bond 100 GSM',
  paper_photo_paper: 'Photo Paper',
  binding_spiral: 'spiral binding',
  binding_paper: 'paper binding',
  binding_transparent: 'transparent sheet',
  lamination: 'lamination',
  pickupAt: 'Pick it up at {shop}, {address}. We will mail you when it is ready.',
  deliverTo: 'We will deliver it to: {address}.',
  pickupCodeFull: 'Your pickup code: {code} (show it at the counter; its QR code is on your order page).',
  billAttached:
    '{type, select, receipt {Your receipt {serial} is attached as a PDF.} bill_of_supply {Your bill of supply {serial} is attached as a PDF.} other {Your tax invoice {serial} is attached as a PDF.}}',

  readySubject:
    '{delivery, select, pickup {Order {orderNumber}: Ready for pickup} other {Order {orderNumber}: Out for delivery}}',
  readyPickup: 'Your order {orderNumber} is printed and ready for pickup at {shop}, {address}.',
  pickupCode: 'Your pickup code: {code}',
  readyDelivery: 'Your order {orderNumber} is printed and out for delivery to: {address}.',

  doneSubject: '{delivery, select, pickup {Order {orderNumber}: Collected} other {Order {orderNumber}: Delivered}}',
  doneBody:
    '{delivery, select, pickup {Your order {orderNumber} was collected. Thank you for choosing {shop}.} other {Your order {orderNumber} was delivered. Thank you for choosing {shop}.}}',

  messageSubject: 'A message about your order {orderNumber}',
  messageFrom: '{from} at {shop} writes:',
  messageAnswer: 'To answer, call {phone} or reply to this mail.',
} as const;
