/** Answers about notes from the shop, in English exactly as sent (shared/src/orders/messages.ts, notify/order-messages.ts). */
export default {
  short: 'Write the message (at least 2 characters)',
  long: 'Keep the message under {max} characters',
  bidi: 'The message contains hidden text-direction characters; please retype it',
  controls: 'The message contains characters that are not allowed',
  tooMany: 'Too many messages in a short time. Try again in {wait}.',
  tooManyToMail:
    'This e-mail address has had too many messages from the shop in a short time. Try again in {wait}, or phone the customer.',
  tooManyToWhatsApp:
    'This customer has had too many WhatsApp messages from the shop in a short time. Try again in {wait}, or phone them.',
} as const;
