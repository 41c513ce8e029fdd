import { isStrongAdminPassword } from '@shop/shared/auth/schemas';
import { checkGstin } from '@shop/shared/gst/gstin';
import { signingCertificateProblem } from '../lib/signing-certificate.ts';
import { DEFAULT_RAZORPAY_TEST_SECRET, type Env } from './env-schema.ts';

/** A configuration the shop must not start with; its message names the variable and how to fix it. */
export class ConfigError extends Error {}

/**
 * Variables that are each valid but wrong together, or wrong in production: S3 without keys, Razorpay with the
 * test defaults, half of WhatsApp, PostgreSQL events without PostgreSQL, GST without a GSTIN, and in production a
 * weak admin password, the sandbox, plain HTTP or a proxy trusted blindly.
 */
export function refuseInconsistent(
  env: Omit<Env, 'PAYMENTS_PROVIDER'> & { PAYMENTS_PROVIDER: 'sandbox' | 'razorpay' },
  at: { isProduction: boolean; adminPasswordGiven: boolean },
) {
  const { isProduction, adminPasswordGiven } = at;
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set',
    );
  }
  if (env.PAYMENTS_PROVIDER === 'razorpay') {
    if (env.RAZORPAY_KEY_SECRET === DEFAULT_RAZORPAY_TEST_SECRET)
      throw new ConfigError('Invalid configuration: RAZORPAY_KEY_SECRET must be set when PAYMENTS_PROVIDER=razorpay');
    if (env.RAZORPAY_KEY_ID === 'rzp_test_sandbox')
      throw new ConfigError('Invalid configuration: RAZORPAY_KEY_ID must be set when PAYMENTS_PROVIDER=razorpay');
    if (env.RAZORPAY_WEBHOOK_SECRET === 'sandbox_webhook_secret')
      throw new ConfigError(
        'Invalid configuration: RAZORPAY_WEBHOOK_SECRET must be set when PAYMENTS_PROVIDER=razorpay',
      );
  }
  if (!env.WHATSAPP_TOKEN !== !env.WHATSAPP_PHONE_NUMBER_ID) {
    throw new ConfigError(
      'Invalid configuration: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set together (or neither, for no WhatsApp)',
    );
  }
  if (env.EVENTS === 'postgres' && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: EVENTS=postgres needs DATABASE_URL');
  }
  if (env.GST_STATUS !== 'unregistered') {
    // A Bill of Supply or Tax Invoice must carry the supplier's GSTIN (CGST Rules 46 and 49).
    const check = checkGstin(env.GST_GSTIN ?? '');
    if (!check.ok)
      throw new ConfigError(
        `Invalid configuration: GST_GSTIN: needed for GST_STATUS=${env.GST_STATUS}: ${check.message}`,
      );
  }
  if (env.GST_SIGNING_P12) {
    // Refused at start rather than at the first bill: a shop must not run for a day issuing unsigned documents.
    const problem = signingCertificateProblem(env.GST_SIGNING_P12, env.GST_SIGNING_PASSPHRASE ?? '');
    if (problem) throw new ConfigError(`Invalid configuration: GST_SIGNING_P12: ${problem}`);
  }
  if (isProduction) {
    // Not given: the stored admin password is checked at start instead (modules/auth/admin-account.ts).
    if (adminPasswordGiven && !isStrongAdminPassword(env.ADMIN_PASSWORD)) {
      throw new ConfigError(
        'Invalid configuration: ADMIN_PASSWORD must be a strong password in production (12+ characters with upper and lower case letters, a digit and a symbol, not the local default)',
      );
    }
    if (env.PAYMENTS_PROVIDER === 'sandbox') {
      throw new ConfigError(
        'Invalid configuration: PAYMENTS_PROVIDER=sandbox is for local use only; set razorpay in production',
      );
    }
  }
  if (isProduction && !env.PUBLIC_URL?.startsWith('https://')) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL must be the shop's https:// address in production (e.g. https://print.example.in): sign-in cookies are then sent over HTTPS only, browsers are told to keep to HTTPS (HSTS) and password reset links point to it",
    );
  }
  if (env.TRUST_PROXY === true && isProduction) {
    throw new ConfigError(
      'Invalid configuration: TRUST_PROXY=true would believe every X-Forwarded-For address a client sends (a new address per request defeats the sign-in limits); set the number of proxies in front of the shop (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24)',
    );
  }
}

/** Hosts that only this machine reaches: a shop served there cannot take a stranger's order. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The sandbox takes no money and signs with a public default secret: it runs only for a shop served on this machine,
 * or when PAYMENTS_PROVIDER=sandbox is set on purpose (a demo or staging shop, which shows the test-mode band).
 */
export function paymentsProviderFor(
  chosen: 'sandbox' | 'razorpay' | undefined,
  publicUrl: string,
): 'sandbox' | 'razorpay' {
  if (chosen) return chosen;
  if (LOCAL_HOSTS.has(new URL(publicUrl).hostname.toLowerCase())) return 'sandbox';
  throw new ConfigError(
    `Invalid configuration: PAYMENTS_PROVIDER is not set and PUBLIC_URL (${publicUrl}) is not localhost. ` +
      'Set PAYMENTS_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments, ' +
      'or PAYMENTS_PROVIDER=sandbox to run test payments (no real money) on purpose.',
  );
}
