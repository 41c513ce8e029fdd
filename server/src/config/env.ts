import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_OPEN_DRAFTS_MAX, DEFAULT_UPLOAD_QUOTA_FILES, DEFAULT_UPLOAD_QUOTA_MB } from '@shop/shared/quotas/limits';

/**
 * Configuration is parsed once, at start. A wrong value stops the start with one line naming the variable.
 * Every variable is documented in the README's configuration table; `.env.example` holds working local values.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const pincodeList = z
  .string()
  .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{6}$/, 'each pincode must be 6 digits')).min(1));

export const DEFAULT_ADMIN_EMAIL = 'admin@printshop.local';
export const DEFAULT_ADMIN_PASSWORD = 'Admin@12345';
export const DEFAULT_RAZORPAY_TEST_SECRET = 'sandbox_test_secret_do_not_use_in_production';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),

  ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(1).default(DEFAULT_ADMIN_PASSWORD),
  ADMIN_NAME: z.string().min(1).default('Shop Admin'),

  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),

  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),

  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Sri Sai Xerox & Printers <no-reply@printshop.local>'),

  PAYMENTS_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  RAZORPAY_KEY_ID: z.string().min(1).default('rzp_test_sandbox'),
  RAZORPAY_KEY_SECRET: z.string().min(8).default(DEFAULT_RAZORPAY_TEST_SECRET),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).default('sandbox_webhook_secret'),
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),

  EVENTS: z.enum(['memory', 'postgres']).optional(),

  // Quotas and clean-up (docs/decisions/012-quotas-and-clean-up.md).
  UPLOAD_RETENTION_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
  DRAFT_EXPIRY_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
  CLEANUP_INTERVAL_MINUTES: z.coerce.number().min(0).max(24 * 60).default(15),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.1).max(1_000_000).default(1),
  UPLOAD_QUOTA_FILES: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_UPLOAD_QUOTA_FILES),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(10).max(1_000_000).default(DEFAULT_UPLOAD_QUOTA_MB),
  OPEN_DRAFTS_MAX: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_OPEN_DRAFTS_MAX),

  DELIVERY_PINCODES: pincodeList.default(['522001', '522002', '522003', '522004']),
  PICKUP_PINCODE: z.string().regex(/^\d{6}$/).default('522002'),

  SHOP_NAME: z.string().min(1).default('Sri Sai Xerox & Printers'),
  SHOP_TAGLINE: z.string().min(1).default('Printing & photocopy in Guntur since 1982'),
  SHOP_ADDRESS: z.string().min(1).default('4/12 Brodipet Main Road, Guntur, Andhra Pradesh 522002'),
  SHOP_PHONE: z.string().min(5).default('+91 98480 12345'),
  SHOP_EMAIL: z.email().default('orders@printshop.local'),
  SHOP_MAP_QUERY: z.string().min(1).default('Brodipet, Guntur, Andhra Pradesh 522002'),
  SHOP_HOURS: z.string().min(1).default('Mon-Sat 9:00 AM - 8:00 PM'),
  SOURCE_URL: z.url().default('https://github.com/guntur-print-shop/print-shop'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  storage: 'local' | 's3';
  events: 'memory' | 'postgres';
  mail: 'outbox' | 'smtp';
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set');
  }
  if (env.PAYMENTS_PROVIDER === 'razorpay') {
    if (env.RAZORPAY_KEY_SECRET === DEFAULT_RAZORPAY_TEST_SECRET)
      throw new ConfigError('Invalid configuration: RAZORPAY_KEY_SECRET must be set when PAYMENTS_PROVIDER=razorpay');
    if (env.RAZORPAY_KEY_ID === 'rzp_test_sandbox')
      throw new ConfigError('Invalid configuration: RAZORPAY_KEY_ID must be set when PAYMENTS_PROVIDER=razorpay');
    if (env.RAZORPAY_WEBHOOK_SECRET === 'sandbox_webhook_secret')
      throw new ConfigError('Invalid configuration: RAZORPAY_WEBHOOK_SECRET must be set when PAYMENTS_PROVIDER=razorpay');
  }
  if (env.EVENTS === 'postgres' && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: EVENTS=postgres needs DATABASE_URL');
  }
  if (isProduction) {
    if (env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD || !isStrongPassword(env.ADMIN_PASSWORD)) {
      throw new ConfigError(
        'Invalid configuration: ADMIN_PASSWORD must be set to a strong password (12+ characters with upper, lower, digit and symbol) in production',
      );
    }
    if (env.PAYMENTS_PROVIDER === 'sandbox') {
      throw new ConfigError('Invalid configuration: PAYMENTS_PROVIDER=sandbox is for local use only; set razorpay in production');
    }
  }
  const port = env.PORT;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    isProduction,
    storage: env.S3_BUCKET ? 's3' : 'local',
    events: env.EVENTS ?? (env.DATABASE_URL ? 'postgres' : 'memory'),
    mail: env.SMTP_URL ? 'smtp' : 'outbox',
  };
}

function isStrongPassword(p: string): boolean {
  return p.length >= 12 && /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p);
}
