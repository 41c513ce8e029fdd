import { isValidSerialPrefix } from '@shop/shared/gst/fy';
import { z } from 'zod';
import { DEFAULT_FILE_RETENTION_DAYS } from '@shop/shared/files/retention';
import {
  DEFAULT_OPEN_DRAFTS_MAX,
  DEFAULT_UPLOAD_QUOTA_FILES,
  DEFAULT_UPLOAD_QUOTA_MB,
} from '@shop/shared/quotas/limits';
import { parseTrustProxy } from './trust-proxy-setting.ts';

/**
 * The environment variables, each with its type, bounds and default (env.ts parses them once, at start, and
 * env-rules.ts checks those that must agree). Every variable is documented in the README's configuration table;
 * `.env.example` holds working local values.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const pincodeList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\d{6}$/, 'each pincode must be 6 digits')).min(1));

export const DEFAULT_ADMIN_EMAIL = 'admin@printshop.local';
export const DEFAULT_ADMIN_PASSWORD = 'Admin@12345';

export const DEFAULT_RAZORPAY_TEST_SECRET = 'sandbox_test_secret_do_not_use_in_production';

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Check every API answer against its route's contract (decision 024); default: everywhere but production. */
  API_CHECK_ANSWERS: bool.optional(),
  /** Who reads GET /api/docs (decision 033): `public`, or `admin`; default admin in production, public elsewhere. */
  API_DOCS: z.enum(['public', 'admin'], { error: 'must be public or admin' }).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),

  ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(1).default(DEFAULT_ADMIN_PASSWORD),
  ADMIN_NAME: z.string().min(1).default('Shop Admin'),

  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),

  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sri Sai Xerox & Printers <no-reply@printshop.local>'),
  /** Where a customer's reply to any of the shop's mails goes (the sender is a no-reply address); unset: SHOP_EMAIL. */
  MAIL_REPLY_TO: z.email().optional(),
  // Unset: the sandbox on a localhost PUBLIC_URL, otherwise the start refuses (see paymentsProviderFor).
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'razorpay']).optional(),
  RAZORPAY_KEY_ID: z.string().min(1).default('rzp_test_sandbox'),
  RAZORPAY_KEY_SECRET: z.string().min(8).default(DEFAULT_RAZORPAY_TEST_SECRET),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).default('sandbox_webhook_secret'),
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),

  EVENTS: z.enum(['memory', 'postgres']).optional(),

  // Quotas and clean-up (docs/decisions/012-quotas-and-clean-up.md).
  UPLOAD_RETENTION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  DRAFT_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** An order's files are deleted this many whole days after it is ready (docs/decisions/026-file-retention.md). */
  FILE_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(1)
    .max(3650)
    .default(DEFAULT_FILE_RETENTION_DAYS),
  /** LibreOffice for Word, ODT, PowerPoint and Excel uploads (docs/decisions/017); without it the shop takes PDF, JPG and PNG. */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
  /** One conversion may take this long before it is stopped. */
  CONVERT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /**
   * Where LibreOffice runs (docs/decisions/030): `bwrap`, in a bubblewrap sandbox (no network, nothing of the server's
   * visible); where that cannot run, office files are refused. `off` converts without the sandbox, by explicit choice.
   */
  SOFFICE_SANDBOX: z.enum(['bwrap', 'off']).default('bwrap'),
  /** Address-space cap of one LibreOffice conversion, in MB (docs/decisions/031). */
  SOFFICE_MEMORY_MB: z.coerce.number().int().min(256).max(16_384).default(768),
  CLEANUP_INTERVAL_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(15),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.1).max(1_000_000).default(1),
  UPLOAD_QUOTA_FILES: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_UPLOAD_QUOTA_FILES),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(10).max(1_000_000).default(DEFAULT_UPLOAD_QUOTA_MB),
  OPEN_DRAFTS_MAX: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_OPEN_DRAFTS_MAX),

  DELIVERY_PINCODES: pincodeList.default(['522001', '522002', '522003', '522004']),
  PICKUP_PINCODE: z
    .string()
    .regex(/^\d{6}$/)
    .default('522002'),

  /** Printing (docs/decisions/014-print-agent.md): run the print agent inside the server, next to its CUPS. */
  PRINT_AGENT_LOCAL: bool.default(false),
  PRINT_AGENT_CUPS_URL: z.url().default('http://localhost:631'),
  /** Which CUPS queues the in-process agent offers, with an optional role: `HP_LaserJet=bw_a4,Epson_L3250=color_a4`. */
  PRINT_AGENT_PRINTERS: z.string().max(2000).optional(),
  /** Where an order goes when the clerk confirms its printing: auto = Completed unless it still needs binding or lamination. */
  PRINT_CONFIRMED_STATUS: z.enum(['auto', 'processing', 'completed']).default('auto'),

  // WhatsApp Cloud API (decision 022): off unless both the token and the phone number id are set.
  WHATSAPP_TOKEN: z.string().min(10).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the numeric phone number id from WhatsApp Manager')
    .optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v23.0'),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a template language code such as en or en_US')
    .default('en'),
  /** The Telugu versions' language code (`te`), once they are approved: customers who chose Telugu then get them. */
  WHATSAPP_TEMPLATE_LANGUAGE_TE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a template language code such as te')
    .optional(),
  WHATSAPP_TEMPLATE_CONFIRMATION: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/)
    .default('order_confirmation'),
  WHATSAPP_TEMPLATE_READY: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/)
    .default('order_ready'),
  WHATSAPP_TEMPLATE_DONE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/)
    .default('order_done'),
  WHATSAPP_TEMPLATE_MESSAGE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/)
    .default('order_update'),
  SHOP_NAME: z.string().min(1).default('Sri Sai Xerox & Printers'),
  SHOP_TAGLINE: z.string().min(1).default('Printing & photocopy in Guntur since 1982'),
  SHOP_ADDRESS: z.string().min(1).default('4/12 Brodipet Main Road, Guntur, Andhra Pradesh 522002'),
  SHOP_PHONE: z.string().min(5).default('+91 98480 12345'),
  SHOP_EMAIL: z.email().default('orders@printshop.local'),
  SHOP_MAP_QUERY: z.string().min(1).default('Brodipet, Guntur, Andhra Pradesh 522002'),
  SHOP_HOURS: z.string().min(1).default('Mon-Sat 9:00 AM - 8:00 PM'),
  SOURCE_URL: z.url().default('https://github.com/guntur-print-shop/print-shop'),
  // The same texts in Telugu for Telugu pages (decision 027); unset: the default shop's Telugu, or the English text.
  SHOP_NAME_TE: z.string().min(1).optional(),
  SHOP_TAGLINE_TE: z.string().min(1).optional(),
  SHOP_ADDRESS_TE: z.string().min(1).optional(),
  SHOP_HOURS_TE: z.string().min(1).optional(),

  // GST documents (docs/decisions/015-gst-invoices.md): receipt, Bill of Supply or Tax Invoice per paid order.
  GST_STATUS: z.enum(['unregistered', 'composition', 'regular']).default('unregistered'),
  GST_GSTIN: z.string().trim().toUpperCase().optional(),
  GST_LEGAL_NAME: z.string().min(1).max(200).optional(),
  GST_ADDRESS: z.string().min(1).max(300).optional(),
  /** Whole GST rate in basis points (1800 = 18 %: CGST 9 % + SGST 9 % within the state, or IGST 18 %). */
  GST_RATE_BP: z.coerce.number().int().min(0).max(2800).default(1800),
  GST_SERIAL_PREFIX: z.string().refine(isValidSerialPrefix, '1-3 letters or digits').default('PS'),
  /** SAC of printing a customer's file, unless the service has its own (docs/decisions/037-tax-documents-and-gstr1.md). */
  GST_SAC_PRINTING: z
    .string()
    .regex(/^99\d{4}$/, 'must be a 6-digit SAC such as 998912')
    .default('998912'),
  /** SAC of photocopying a paper original brought to the counter ("duplicating services"). */
  GST_SAC_PHOTOCOPY: z
    .string()
    .regex(/^99\d{4}$/, 'must be a 6-digit SAC such as 998595')
    .default('998595'),
  /** Home delivery: `composite` (part of the printing, under its SAC) or a SAC of its own, e.g. 996813 (local delivery). */
  GST_DELIVERY_SAC: z
    .string()
    .regex(/^(composite|99\d{4})$/, "must be 'composite' or a 6-digit SAC such as 996813")
    .default('composite'),
  /** The authorised signatory printed on the documents until the admin sets one. */
  GST_SIGNATORY_NAME: z.string().trim().min(1).max(100).optional(),
  /** A PKCS#12 file (.p12 / .pfx) holding the signing certificate and key: every document is then digitally signed. */
  GST_SIGNING_P12: z.string().min(1).optional(),
  GST_SIGNING_PASSPHRASE: z.string().optional(),

  // Backups (docs/decisions/040-backups.md): a folder (default DATA_DIR/backups) or an S3 bucket, every day at an hour in IST.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_S3_BUCKET: z.string().min(3).optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9][A-Za-z0-9._-]*\/)*$/, 'must be empty or end with / (e.g. backups/)')
    .default('backups/'),
  BACKUP_S3_ENDPOINT: z.url().optional(),
  BACKUP_S3_REGION: z.string().min(1).optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The hour (IST, 0-23) of the daily backup, or `off`. */
  BACKUP_HOUR: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(2),
  /** How many archives the scheduled backup keeps at its destination (older ones are deleted after a good backup). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Env = z.infer<typeof envSchema>;
