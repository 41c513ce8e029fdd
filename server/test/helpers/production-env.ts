/** What production needs to start apart from the admin's password: its public address and Razorpay's live keys. */
export const PRODUCTION_WITHOUT_ADMIN = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://print.example.in',
  PAYMENTS_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'live_secret_value',
  RAZORPAY_WEBHOOK_SECRET: 'live_webhook_secret',
};

/** A configuration production starts with (a strong admin password): add the setting under test. */
export const PRODUCTION_ENV = { ...PRODUCTION_WITHOUT_ADMIN, ADMIN_PASSWORD: 'Guntur!Print2026' };
