/** The counter's pickup-code answers, in English exactly as sent (shared/src/pickup/schemas.ts PICKUP_MESSAGES). */
export default {
  format: 'Type the 6-digit pickup code from the customer’s order page or mail',
  wrong: 'That is not this order’s pickup code. Check it with the customer.',
  noCode: 'This order has no pickup code: mark it collected from its status instead.',
  notPickup: 'This is a home delivery order: it is delivered, not collected.',
  already: 'This order is already collected.',
  tooMany:
    'Too many wrong codes for this order. Try again in {wait}, or ask the admin to hand it over without the code.',
  tooManyForClerk:
    'You have typed too many wrong pickup codes. Try again in {wait}, or ask another clerk or the admin.',
  codeRequired:
    'A pickup order is collected with the customer’s pickup code: use Collect. Only the admin can hand it over without the code.',
  reasonRequired: 'Handing over without the pickup code needs a reason (who collected it and what they showed).',
  reasonShort: 'Write the reason (at least 5 characters)',
  reasonLong: 'Keep the reason under 300 characters',
  reasonBad: 'The reason contains characters that are not allowed',
  noPickupCode: 'No pickup code for this order',
  findNone: 'No order waiting to be collected has this pickup code. Check it with the customer.',
  findSeveral: 'Two orders waiting to be collected have this pickup code. Ask the customer for the order number.',
  findTooMany: 'Too many pickup codes that matched no order. Try again in {wait}, or search by order number.',
} as const;
