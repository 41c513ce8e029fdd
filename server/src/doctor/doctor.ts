import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { shopDay } from '@shop/shared/common/shop-clock';
import { checkNode, type CheckResult } from '../lib/node-support.ts';
import type { Config } from '../config/env.ts';
import { backupOnShopDisk, pgDumpMajor, destinationFor } from '../modules/backup/index.ts';
import { createStorage } from '../modules/storage/index.ts';

const run = promisify(execFile);

// The check's shape and the Node.js check live in lib/, where the server's start uses them too.
export type { CheckResult, CheckStatus } from '../lib/node-support.ts';
export { checkNode };

const TELUGU_FONT = '/usr/share/fonts/truetype/noto/NotoSansTelugu-Regular.ttf';

async function attempt(area: string, fn: () => Promise<CheckResult[] | CheckResult>): Promise<CheckResult[]> {
  try {
    const r = await fn();
    return Array.isArray(r) ? r : [r];
  } catch (err) {
    return [{ area, status: 'problem', message: err instanceof Error ? err.message : String(err) }];
  }
}

async function checkDatabase(config: Config): Promise<CheckResult[]> {
  if (!config.DATABASE_URL) {
    const dir = path.join(config.dataDir, 'db');
    const exists = fs.existsSync(path.join(dir, 'PG_VERSION'));
    return [
      {
        area: 'database',
        status: 'ok',
        message: `embedded PGlite in ${dir}${exists ? '' : ' (made at the first start)'}: one server copy only; move to PostgreSQL with npm run restore when the shop grows`,
      },
    ];
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    return [
      {
        area: 'database',
        status: 'problem',
        message: `PostgreSQL does not answer at ${new URL(config.DATABASE_URL).host}: ${(err as Error).message} (check DATABASE_URL, and that PostgreSQL runs)`,
      },
    ];
  }
  try {
    const version = (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
    const major = Number(/^\d+/.exec(version)?.[0]);
    const out: CheckResult[] = [
      { area: 'database', status: 'ok', message: `PostgreSQL ${version} at ${new URL(config.DATABASE_URL).host}` },
    ];
    const dump = await pgDumpMajor();
    if (!dump)
      out.push({
        area: 'backups',
        status: 'problem',
        message: `pg_dump is missing, so backups cannot run: apt install postgresql-client-${major}`,
      });
    else if (dump.major < major)
      out.push({
        area: 'backups',
        status: 'problem',
        message: `pg_dump ${dump.major} cannot back up PostgreSQL ${major}: apt install postgresql-client-${major}`,
      });
    return out;
  } finally {
    await client.end();
  }
}

async function checkStorage(config: Config): Promise<CheckResult> {
  const storage = await createStorage(config);
  await storage.check();
  return {
    area: 'storage',
    status: 'ok',
    message:
      config.storage === 's3'
        ? `S3 bucket ${config.S3_BUCKET} reachable and writable`
        : `files in ${path.join(config.dataDir, 'files')} (writable)`,
  };
}

async function checkMail(config: Config): Promise<CheckResult> {
  if (config.mail === 'outbox') {
    return {
      area: 'mail',
      status: config.isProduction ? 'problem' : 'warn',
      message: `mails are written to ${path.join(config.dataDir, 'outbox')}, not sent: customers get no order mails and nobody gets password resets. Set SMTP_URL`,
    };
  }
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(config.SMTP_URL!);
  try {
    await transport.verify();
    return { area: 'mail', status: 'ok', message: `SMTP at ${new URL(config.SMTP_URL!).host} takes our sign-in` };
  } catch (err) {
    // nodemailer's words never carry the password.
    return {
      area: 'mail',
      status: 'problem',
      message: `the SMTP server at ${new URL(config.SMTP_URL!).host} refused or did not answer: ${(err as Error).message}`,
    };
  } finally {
    transport.close();
  }
}

async function checkOffice(config: Config): Promise<CheckResult> {
  try {
    const { stdout } = await run(config.SOFFICE_PATH, ['--version'], { timeout: 30_000 });
    return {
      area: 'LibreOffice',
      status: 'ok',
      message: `${stdout.trim().split('\n')[0]}: Word, ODT, PowerPoint and Excel uploads are taken`,
    };
  } catch {
    return {
      area: 'LibreOffice',
      status: 'warn',
      message:
        'LibreOffice is not installed: the shop takes PDF, JPG and PNG only. apt install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui',
    };
  }
}

function checkFonts(): CheckResult {
  return fs.existsSync(TELUGU_FONT)
    ? { area: 'fonts', status: 'ok', message: 'Noto fonts for Telugu and Hindi names on tickets and bills' }
    : {
        area: 'fonts',
        status: 'warn',
        message:
          'the Noto fonts are missing: Telugu and Hindi names print as boxes on tickets and bills. apt install fonts-noto-core',
      };
}

async function checkPrinters(config: Config): Promise<CheckResult> {
  if (!config.PRINT_AGENT_LOCAL)
    return {
      area: 'printers',
      status: 'ok',
      message:
        'printing goes through print agents next to the printers (Admin → Printers); see README "Printing from the queue"',
    };
  try {
    const res = await fetch(`${config.PRINT_AGENT_CUPS_URL}/printers/`, { signal: AbortSignal.timeout(5000) });
    return {
      area: 'printers',
      status: res.ok ? 'ok' : 'problem',
      message: res.ok
        ? `CUPS answers at ${config.PRINT_AGENT_CUPS_URL}`
        : `CUPS answered ${res.status} at ${config.PRINT_AGENT_CUPS_URL}`,
    };
  } catch {
    return {
      area: 'printers',
      status: 'problem',
      message: `PRINT_AGENT_LOCAL is on but CUPS does not answer at ${config.PRINT_AGENT_CUPS_URL}: apt install cups, then add the printers`,
    };
  }
}

async function checkHttps(config: Config): Promise<CheckResult> {
  if (!config.publicUrl.startsWith('https://')) {
    return {
      area: 'HTTPS',
      status: config.isProduction ? 'problem' : 'warn',
      message: `PUBLIC_URL is ${config.publicUrl}: customers' passwords and payments need HTTPS. Put Caddy in front (deploy/Caddyfile) and set PUBLIC_URL=https://your-shop`,
    };
  }
  try {
    const res = await fetch(`${config.publicUrl}/api/health`, { signal: AbortSignal.timeout(8000) });
    const hsts = res.headers.get('strict-transport-security');
    if (!res.ok)
      return {
        area: 'HTTPS',
        status: 'problem',
        message: `${config.publicUrl} answers ${res.status} (is the shop running behind the proxy?)`,
      };
    return {
      area: 'HTTPS',
      status: hsts ? 'ok' : 'warn',
      message: `${config.publicUrl} answers over HTTPS with a trusted certificate${hsts ? ' and HSTS' : ', but without HSTS'}`,
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code && /CERT|SELF_SIGNED|ISSUER|ALTNAME/.test(cause.code)) {
      return {
        area: 'HTTPS',
        status: 'problem',
        message: `${config.publicUrl} answers, but its certificate is not one browsers trust (${cause.code}): let Caddy get a real certificate (the site's public name in deploy/Caddyfile, ports 80 and 443 open)`,
      };
    }
    return {
      area: 'HTTPS',
      status: 'problem',
      message: `${config.publicUrl} cannot be reached over HTTPS from here (${cause?.code ?? cause?.message ?? (err as Error).message}): check DNS, ports 80/443 and the proxy (deploy/Caddyfile)`,
    };
  }
}

function checkPayments(config: Config): CheckResult {
  if (config.PAYMENTS_PROVIDER === 'sandbox')
    return {
      area: 'payments',
      status: config.isProduction ? 'problem' : 'warn',
      message:
        'test payments (the sandbox): no real money. Set PAYMENTS_PROVIDER=razorpay with the three RAZORPAY_* keys',
    };
  if (config.RAZORPAY_KEY_ID.startsWith('rzp_test_'))
    return {
      area: 'payments',
      status: 'warn',
      message: 'Razorpay test keys (rzp_test_…): no real money moves. Use the live keys to take payments',
    };
  return { area: 'payments', status: 'ok', message: 'Razorpay live keys; point its webhook at /api/razorpay/webhook' };
}

async function checkBackups(config: Config): Promise<CheckResult> {
  const destination = destinationFor(config);
  if (config.BACKUP_HOUR === 'off')
    return {
      area: 'backups',
      status: 'warn',
      message:
        'scheduled backups are off (BACKUP_HOUR=off): a dead disk loses the shop. Set BACKUP_HOUR and BACKUP_DIR or BACKUP_S3_BUCKET',
    };
  if (config.backupTarget.kind === 's3') {
    await destination.list();
    return {
      area: 'backups',
      status: 'ok',
      message: `every day at ${config.BACKUP_HOUR}:00 IST into ${destination.description} (reachable), keeping ${config.BACKUP_KEEP}`,
    };
  }
  await destination.workDir();
  const free = await destination.freeBytes();
  const where = `every day at ${config.BACKUP_HOUR}:00 IST into ${destination.description}, keeping ${config.BACKUP_KEEP}${free !== null ? ` (${(free / 1024 ** 3).toFixed(1)} GB free)` : ''}`;
  return backupOnShopDisk(config)
    ? {
        area: 'backups',
        status: 'warn',
        message: `${where}: on the shop's own disk, so a dead disk takes the backups too. Set BACKUP_DIR to another disk or BACKUP_S3_BUCKET`,
      }
    : { area: 'backups', status: 'ok', message: where };
}

function checkAdmin(config: Config): CheckResult {
  if (!config.adminPasswordGiven)
    return {
      area: 'admin',
      status: 'warn',
      message: 'ADMIN_PASSWORD is not set: the local default admin password works until you set one',
    };
  return { area: 'admin', status: 'ok', message: `the admin signs in as ${config.ADMIN_EMAIL}` };
}

/** Every check, in the order an owner reads them. */
export async function runDoctor(config: Config): Promise<CheckResult[]> {
  const results: CheckResult[] = [checkNode(process.version, shopDay(Date.now()))];
  results.push(...(await attempt('database', () => checkDatabase(config))));
  results.push(...(await attempt('storage', () => checkStorage(config))));
  results.push(...(await attempt('mail', () => checkMail(config))));
  results.push(...(await attempt('LibreOffice', () => checkOffice(config))));
  results.push(checkFonts());
  results.push(...(await attempt('printers', () => checkPrinters(config))));
  results.push(...(await attempt('HTTPS', () => checkHttps(config))));
  results.push(checkPayments(config));
  results.push(...(await attempt('backups', () => checkBackups(config))));
  results.push(checkAdmin(config));
  return results;
}
