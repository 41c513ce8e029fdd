import { shopWallClock } from '../common/shop-clock.ts';
/** Financial year (1 April – 31 March) of an instant, as the shop's calendar in India (IST, UTC+5:30) sees it. */

export function financialYearStart(at: Date): number {
  const ist = shopWallClock(at);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** `26-27` for the year 1 April 2026 – 31 March 2027. */
export function financialYearLabel(startYear: number): string {
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(startYear)}-${two(startYear + 1)}`;
}

const SERIAL = /^[A-Za-z0-9/-]{1,16}$/;
const PREFIX = /^[A-Za-z0-9]{1,3}$/;

export function isValidSerialPrefix(prefix: string): boolean {
  return PREFIX.test(prefix);
}

/** Invoice serial, e.g. `PS/26-27/000123`: at most 16 letters, digits, `-` and `/` (CGST Rule 46(b)). */
export function formatSerial(prefix: string, fyStartYear: number, n: number): string {
  if (!isValidSerialPrefix(prefix)) throw new Error('Serial prefix must be 1–3 letters or digits');
  if (!Number.isInteger(n) || n < 1 || n > 999_999) throw new Error('Serial number out of range');
  const serial = `${prefix}/${financialYearLabel(fyStartYear)}/${String(n).padStart(6, '0')}`;
  if (!SERIAL.test(serial)) throw new Error('Serial is not a valid invoice number');
  return serial;
}
