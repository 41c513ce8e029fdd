import path from 'node:path';
import { ConfigError, paymentsProviderFor, refuseInconsistent } from './env-rules.ts';
import { envSchema, type Env } from './env-schema.ts';

export { ConfigError };
export { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from './env-schema.ts';

export interface Config extends Omit<Env, 'TRUST_PROXY' | 'PAYMENTS_PROVIDER'> {
  PAYMENTS_PROVIDER: 'sandbox' | 'razorpay';
  /** What Fastify's `trustProxy` gets: no proxy, a hop count, or the proxies' addresses and ranges. */
  TRUST_PROXY: false | number | string[];
  /** ADMIN_PASSWORD was given at start (it then replaces the stored admin password). */
  adminPasswordGiven: boolean;
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  storage: 'local' | 's3';
  events: 'memory' | 'postgres';
  mail: 'outbox' | 'smtp';
  /** The Reply-To of every mail: MAIL_REPLY_TO, else the shop's own address. */
  mailReplyTo: string;
  /** WhatsApp notifications are sent (token and phone number id set). */
  whatsapp: boolean;
  /** Answers are checked against their contracts (API_CHECK_ANSWERS, else outside production). */
  checkAnswers: boolean;
  /** Who may read GET /api/docs. */
  apiDocs: 'public' | 'admin';
  /** Where scheduled backups go: a folder, or a bucket (with S3_* keys unless BACKUP_S3_* are given). */
  backupTarget:
    | { kind: 'folder'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        prefix: string;
        endpoint?: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
}

/**
 * Configuration is parsed once, at start (the variables: env-schema.ts). A wrong value stops the start with one line
 * naming the variable.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  const env = { ...parsed.data, PAYMENTS_PROVIDER: paymentsProviderFor(parsed.data.PAYMENTS_PROVIDER, publicUrl) };
  const isProduction = env.NODE_ENV === 'production';
  const adminPasswordGiven = cleaned.ADMIN_PASSWORD !== undefined;
  refuseInconsistent(env, { isProduction, adminPasswordGiven });
  return {
    ...env,
    // Outside production `true` means the usual single reverse proxy (decision 011).
    TRUST_PROXY: env.TRUST_PROXY === true ? 1 : env.TRUST_PROXY,
    adminPasswordGiven,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    isProduction,
    storage: env.S3_BUCKET ? 's3' : 'local',
    events: env.EVENTS ?? (env.DATABASE_URL ? 'postgres' : 'memory'),
    mail: env.SMTP_URL ? 'smtp' : 'outbox',
    mailReplyTo: env.MAIL_REPLY_TO ?? env.SHOP_EMAIL,
    whatsapp: Boolean(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID),
    checkAnswers: env.API_CHECK_ANSWERS ?? !isProduction,
    apiDocs: env.API_DOCS ?? (isProduction ? 'admin' : 'public'),
    backupTarget: backupTargetOf(env),
  };
}

function backupTargetOf(env: Env): Config['backupTarget'] {
  if (!env.BACKUP_S3_BUCKET)
    return { kind: 'folder', dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')) };
  const accessKeyId = env.BACKUP_S3_ACCESS_KEY_ID ?? env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.BACKUP_S3_SECRET_ACCESS_KEY ?? env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      'Invalid configuration: BACKUP_S3_BUCKET needs BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY (or the S3_* keys)',
    );
  }
  return {
    kind: 's3',
    bucket: env.BACKUP_S3_BUCKET,
    prefix: env.BACKUP_S3_PREFIX,
    endpoint: env.BACKUP_S3_ENDPOINT ?? env.S3_ENDPOINT,
    region: env.BACKUP_S3_REGION ?? env.S3_REGION,
    accessKeyId,
    secretAccessKey,
  };
}
