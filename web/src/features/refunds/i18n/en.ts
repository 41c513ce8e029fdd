/** Refunds as the customer sees them on tracking. */
export default {
  title: 'Refunds',
  requested: 'Refund being sent',
  pending: 'Refund on its way',
  processed: 'Refunded',
  failed: 'Refund failed',
  bounced: 'Refused by the bank',
  handed_back: 'Given back at the counter',
  detailProcessed: '{when} · banks usually show it within 5–7 working days',
  detailOnItsWay: '{when} · on its way',
  detailBounced: '{when} · the shop gives it back to you at the counter, in cash or by UPI',
  detailHandedBack:
    '{when} · refused by the bank, given back at the counter {method, select, upi {by UPI} other {in cash}} on {given}',
} as const;
