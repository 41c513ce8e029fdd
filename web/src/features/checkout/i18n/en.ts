/** The sandbox payment window (test mode only). */
export default {
  secure: 'Secure checkout',
  testMode: 'TEST MODE',
  order: 'Order {id}',
  methods: 'Card / UPI / Netbanking (sandbox: no money moves)',
  processing: 'Processing…',
  pay: 'Pay {amount}',
  simulateFailure: 'Simulate failure',
  secured: 'Secured sandbox checkout',
  failed: 'Payment failed',
} as const;
