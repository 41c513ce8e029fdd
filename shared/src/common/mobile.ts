/**
 * Phone numbers and pincodes as people in India type, paste and dictate them (decision 039): one rule for every
 * field and the server, so what a form accepts the server accepts too.
 */

/** Telugu and Devanagari digits (a phone keyboard in those scripts) read as the digits they are. */
function latinDigits(input: string): string {
  return input.replace(/[\u0c66-\u0c6f\u0966-\u096f]/g, (d) =>
    String(d.codePointAt(0)! - (d >= '\u0c66' ? 0x0c66 : 0x0966)),
  );
}

/**
 * An Indian mobile number as people type it: "98480 11111", "+91 98480 11111", "+91-98480-11111", "098480 11111",
 * "(0) 98480 11111", "0091 98480 11111", "+91 (0) 98480 11111". Spaces (also no-break ones), dashes, dots and
 * brackets are dropped, then a leading +91 / 91 / 0091 and a trunk 0. The result is the 10-digit number when the
 * input was one, else what is left (which the schemas then refuse with their own words).
 */
export function normaliseIndianMobile(input: string): string {
  const compact = latinDigits(input.trim()).replace(/[\s\u00a0\u2010-\u2015\-.()/]/g, '');
  const digits = compact.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return compact;
  if (digits.length === 14 && digits.startsWith('0091')) return digits.slice(4);
  if (digits.length === 13 && digits.startsWith('910')) return digits.slice(3);
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** A 10-digit Indian mobile number (they start with 6, 7, 8 or 9). */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** The E.164 form (+91XXXXXXXXXX) of an Indian mobile number as people type it, or null when it is not one. */
export function indianMobileE164(input: string): string | null {
  const digits = normaliseIndianMobile(input);
  return INDIAN_MOBILE.test(digits) ? `+91${digits}` : null;
}

/** A number as people read it back: "93900 11223" for any 10 digits typed any way; anything else as it was typed. */
export function groupIndianMobile(input: string | null | undefined): string {
  if (!input) return '';
  const digits = normaliseIndianMobile(input);
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 5)} ${digits.slice(5)}` : input.trim();
}

/** A pincode as typed: "522 002", "522-002", "522002 " are 522002; anything else is left for the schema to refuse. */
export function normalisePincode(input: string): string {
  return latinDigits(input.trim()).replace(/[\s\u00a0\u2010-\u2015\-.]/g, '');
}

/** Phone-like search text ("98480 22222", "+91 9848022222"): the 10 digits to look for, else null. */
export function mobileSearchDigits(input: string): string | null {
  const digits = normaliseIndianMobile(input);
  return /^\d{10}$/.test(digits) ? digits : null;
}
