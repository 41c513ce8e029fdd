import crypto from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const IST_OFFSET_MS = 330 * 60 * 1000;

/** PS-YYMMDD-XXXXX: the IST date and 5 crypto-random Crockford base32 characters (not sequential, not guessable). */
export function generateOrderNumber(now = new Date()): string {
  const ist = new Date(now.getTime() + IST_OFFSET_MS).toISOString();
  const date = `${ist.slice(2, 4)}${ist.slice(5, 7)}${ist.slice(8, 10)}`;
  const bytes = crypto.randomBytes(5);
  let suffix = '';
  for (const b of bytes) suffix += CROCKFORD[b & 31];
  return `PS-${date}-${suffix}`;
}

/** Postgres unique violation (23505), whether the driver error is thrown directly or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
