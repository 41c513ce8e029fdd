/** Answers about notes from the shop, in English exactly as sent (shared/src/orders/messages.ts, notify/order-messages.ts). */
export default {
  short: 'Write the message (at least 2 characters)',
  long: 'Keep the message under {max} characters',
  bidi: 'The message contains hidden text-direction characters; please retype it',
  controls: 'The message contains characters that are not allowed',
  tooMany: 'Too many messages in a short time. Try again in {wait}.',
} as const;
