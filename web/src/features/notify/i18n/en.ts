/** Messages from the shop (tracking), the counter's message dialog and the WhatsApp opt-in. */
export default {
  fromShop: 'Messages from the shop',
  optIn: 'Send me order updates on WhatsApp',
  optInText: 'Order placed, ready and done, and notes from the shop, to the number above. Mails come as well.',
  sent: 'Message sent',
  sentText: '{name} gets it by mail and on the order page.',
  notSent: 'The message was not sent',
  title: 'Message about {order}',
  to: 'To {name}, by mail and on their order page.',
  label: 'Message',
  hint: 'Up to {max} characters',
  placeholder: 'Page 14 is blank. Shall we print it anyway?',
  cancel: 'Cancel',
  sending: 'Sending…',
  send: 'Send message',
} as const;
