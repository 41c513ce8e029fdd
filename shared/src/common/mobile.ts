/**
 * An Indian mobile number as people type it: "98480 11111", "+91 98480 11111", "+91-98480-11111", "098480 11111",
 * "(0) 98480 11111". Spaces, dashes, dots and brackets are dropped, then a leading +91 / 91 (12 digits) or 0
 * (11 digits) trunk prefix. The result is the 10-digit number when the input was one, else the digits left.
 */
export function normaliseIndianMobile(input: string): string {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const digits = compact.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return compact;
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
