import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;
/** The shop's cost for new hashes: N = 2^14, about 55 ms of CPU on a small server. */
export const SCRYPT_N = 16384;

/**
 * Under the test runner only (vitest sets VITEST), the suite may lower N for new hashes with SHOP_TEST_SCRYPT_N (a
 * power of two from 2^10): it signs in thousands of times, and at 2^14 scrypt was a large share of its CPU. A hash
 * keeps its own N, so checking it works the same whatever made it; a shop never runs under vitest.
 */
function scryptN(): number {
  const asked = process.env.VITEST ? Number(process.env.SHOP_TEST_SCRYPT_N) : NaN;
  return Number.isInteger(Math.log2(asked)) && asked >= 1024 && asked <= SCRYPT_N ? asked : SCRYPT_N;
}

const SCRYPT = { r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = scryptN();
  const hash = await scrypt(password.normalize('NFKC'), salt, 32, { ...SCRYPT, N });
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function getDummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  return dummyHash;
}

/** 32 random bytes, base64url: session tokens and reset tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string | Buffer): string {
  // crypto.hash: one call, no Hash object (Node 20.12+; every session lookup hashes the token).
  return typeof crypto.hash === 'function'
    ? crypto.hash('sha256', value, 'hex')
    : crypto.createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two hex strings of any length. */
export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) {
    crypto.timingSafeEqual(ab, ab);
    return false;
  }
  return crypto.timingSafeEqual(ab, bb);
}
