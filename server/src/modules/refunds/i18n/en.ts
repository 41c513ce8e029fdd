/** The customer's refund mail in English (docs/decisions/029-mail-attachments-and-languages.md). */
export default {
  subject: 'Refund of {amount} for order {orderNumber}',
  hello: 'Hello {name},',
  refunded: 'We have refunded {amount} of your order {orderNumber}.',
  reason: 'Reason: {reason}',
  atCounter: 'It was given back at the counter.',
  toBank: 'It goes back to the card, UPI account or bank you paid with; banks usually show it within 5–7 working days.',
  creditNote:
    '{kind, select, receipt {The refund receipt {serial} is attached as a PDF.} other {The credit note {serial} is attached as a PDF.}}',
  yourOrder: 'Your order: {url}',
  bouncedSubject: 'Your bank did not accept the refund of {amount} for order {orderNumber}',
  bounced:
    'Your bank could not accept the refund of {amount} for your order {orderNumber}, so the money came back to us. It is still yours.',
  bouncedWhatNext:
    'We give it back at our counter, in cash or by UPI: come to {address} with your order number, or call us on {phone}.',
} as const;
