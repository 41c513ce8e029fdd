import type { FastifyInstance } from 'fastify';

/**
 * Every log line a test server writes in this test file, and every secret the tests handled: passwords sent in
 * request bodies, session tokens (made by sign-in or by the factories), reset tokens (from the mails and the reset
 * URL), Razorpay keys and signatures, and delivery addresses. `log-leak-check.ts` (a vitest setup file) searches all
 * lines of the file for all its secrets after the file's tests have run, and fails naming the offending line.
 */

export type SecretKind =
  | 'password'
  | 'session token'
  | 'reset token'
  | 'razorpay secret'
  | 'signature'
  | 'delivery address'
  | 'secret';

export interface CapturedLine {
  source: string;
  line: string;
}

const lines: CapturedLine[] = [];
const secrets = new Map<string, SecretKind>();

/** Shorter values are too likely to occur by chance (ids, words); every real secret of the shop is longer. */
const MIN_SECRET_LENGTH = 8;

export function captureLogLine(source: string, line: string): void {
  lines.push({ source, line });
}

export function recordSecret(kind: SecretKind, value: unknown): void {
  if (typeof value !== 'string') return;
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH || v.length > 2000) return;
  if (!secrets.has(v)) secrets.set(v, kind);
}

export function capturedLines(): readonly CapturedLine[] {
  return lines;
}

export function capturedSecrets(): ReadonlyMap<string, SecretKind> {
  return secrets;
}

export function resetCapture(): void {
  lines.length = 0;
  secrets.clear();
}

export interface Leak {
  kind: SecretKind;
  source: string;
  /** The offending line with the secret itself masked, so the report does not spread it further. */
  line: string;
}

/** Lines that contain any of the secrets (the pure search; unit-tested so it is known to be able to fail). */
export function findLeaks(all: readonly CapturedLine[], known: ReadonlyMap<string, SecretKind>): Leak[] {
  const leaks: Leak[] = [];
  if (!all.length || !known.size) return leaks;
  // Search the whole text once per secret, then map hits back to lines.
  const starts: number[] = [];
  let text = '';
  for (const l of all) {
    starts.push(text.length);
    text += l.line.replace(/\n/g, ' ') + '\n';
  }
  const lineAt = (pos: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const seen = new Set<string>();
  for (const [secret, kind] of known) {
    // JSON log lines escape quotes and backslashes: search for the value as it would be written too.
    const forms = new Set([secret, JSON.stringify(secret).slice(1, -1)]);
    for (const form of forms) {
      let pos = text.indexOf(form);
      while (pos !== -1) {
        const i = lineAt(pos);
        const key = `${i}:${kind}`;
        if (!seen.has(key)) {
          seen.add(key);
          const masked = all[i]!.line.split(form)
            .join(`[${kind.toUpperCase()}:${secret.slice(0, 3)}…]`)
            .trim();
          leaks.push({ kind, source: all[i]!.source, line: masked.length > 600 ? `${masked.slice(0, 600)}…` : masked });
        }
        pos = text.indexOf(form, starts[i + 1] ?? text.length);
      }
    }
  }
  return leaks;
}

const SECRET_KEY = /password|token|secret|signature/i;
const ADDRESS_KEY = /^(address|doorNumber|landmark|addressLine\d?|street)$/i;

function walk(value: unknown, depth = 0, key = ''): void {
  if (depth > 8 || value == null) return;
  if (typeof value === 'string') {
    if (ADDRESS_KEY.test(key)) recordSecret('delivery address', value);
    else if (/signature/i.test(key)) recordSecret('signature', value);
    else if (/password/i.test(key)) recordSecret('password', value);
    else if (/token/i.test(key)) recordSecret('session token', value);
    else if (SECRET_KEY.test(key)) recordSecret('secret', value);
    return;
  }
  if (typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) walk(v, depth + 1, key);
    return;
  }
  for (const [k, v] of Object.entries(value)) walk(v, depth + 1, k);
}

/** Reset links in a mail's text: the token part is a secret. */
export function recordMailSecrets(text: string): void {
  for (const m of text.matchAll(/\/reset-password\/([A-Za-z0-9_-]+)/g)) recordSecret('reset token', m[1]);
}

/** Server-wide secrets of a test app's configuration. */
export function recordConfigSecrets(config: Record<string, unknown>): void {
  recordSecret('password', config.ADMIN_PASSWORD);
  recordSecret('razorpay secret', config.RAZORPAY_KEY_SECRET);
  recordSecret('razorpay secret', config.RAZORPAY_WEBHOOK_SECRET);
  recordSecret('secret', config.S3_SECRET_ACCESS_KEY);
  recordSecret('secret', config.WHATSAPP_TOKEN);
  if (typeof config.SMTP_URL === 'string') {
    try {
      recordSecret('password', decodeURIComponent(new URL(config.SMTP_URL).password));
    } catch {
      /* not a URL */
    }
  }
}

/**
 * Watches a test app's traffic for secrets: request bodies, the reset token in the path, bearer tokens, session
 * cookies, webhook signatures, and the tokens and signatures in answers.
 */
export function watchSecrets(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const auth = request.headers.authorization;
    if (typeof auth === 'string') recordSecret('session token', auth.replace(/^Bearer\s+/i, ''));
    const cookie = request.headers.cookie;
    if (typeof cookie === 'string')
      for (const m of cookie.matchAll(/ps_session=([^;\s]+)/g)) recordSecret('session token', m[1]);
    const sig = request.headers['x-razorpay-signature'];
    if (typeof sig === 'string') recordSecret('signature', sig);
    const params = request.params as Record<string, unknown> | undefined;
    if (params && /reset-password/.test(request.url)) recordSecret('reset token', params.token);
    const body = request.body;
    if (Buffer.isBuffer(body)) {
      try {
        walk(JSON.parse(body.toString('utf8')));
      } catch {
        /* not JSON */
      }
    } else walk(body);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const setCookie = reply.getHeader('set-cookie');
    for (const c of [setCookie].flat())
      if (typeof c === 'string')
        for (const m of c.matchAll(/ps_session=([^;\s]+)/g)) recordSecret('session token', m[1]);
    if (
      typeof payload === 'string' &&
      payload.length < 1_000_000 &&
      /token|signature|password|address/i.test(payload)
    ) {
      try {
        walk(JSON.parse(payload));
      } catch {
        /* not JSON */
      }
    }
    return payload;
  });
}
