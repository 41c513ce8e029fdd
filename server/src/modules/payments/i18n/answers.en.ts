/** Checkout and payment answers, in English exactly as sent (shared/src/payments/schemas.ts, shared/src/gst, modules/payments). */
export default {
  priceChanged: 'The price has changed. Please review the new price before paying.',
  verificationFailed: 'Payment verification failed',
  mismatch:
    'This payment does not match your order, so the order has not been placed. If money was taken from your account, please contact the shop with your order number.',
  notCompleted: 'Your payment has not been completed, so the order has not been placed yet. You can try paying again.',
  unconfirmed:
    'We could not confirm your payment with the bank just now. If money was taken, your order will be placed automatically within a few minutes and will appear in your orders.',
  failed: 'Payment failed. No money was taken; you can try again.',
  tooLarge: 'This order is too large to pay online. Please contact the shop.',
  nothingToPay: 'There is nothing to pay for this order.',
  providerFailed: 'Failed to create payment order',
  amountRequired: 'Amount is required',
  onlyInr: 'Only INR is accepted',
  whatsapp: 'Tick or untick WhatsApp updates',
  deliveryType: 'Choose home delivery or shop pickup',
  gstinForName: 'Enter the GSTIN for a business bill, or clear the business name.',
  nameForGstin: 'Enter the business name registered with this GSTIN.',
  gstinShape: 'A GSTIN has 15 characters, like 37ABCDE1234F1Z5.',
  gstinState: 'The GSTIN does not start with a valid state code.',
  gstinCheck: 'The GSTIN is mistyped: its last character does not match.',
  addressForGstin: 'Enter the business address registered with this GSTIN.',
  nameForAddress: 'Enter the name to print on the bill.',
  addressForName: 'Enter the address to print on the bill.',
  state: 'Choose the state of this address.',
  notRegistered: 'This shop is not registered under GST, so its receipts carry no GSTIN. Clear the GSTIN.',
  compositionOtherState:
    'This shop is under the GST composition scheme and cannot bill a business registered in another state (this GSTIN is from {state}). Clear the GSTIN for an ordinary bill.',
  compositionOtherStateAddress:
    'This shop is under the GST composition scheme and cannot supply to another state ({state}). Choose an address in the shop’s state.',
  particulars: 'A bill of ₹50,000 or more carries the customer’s name, address and state: enter them.',
} as const;
