/** GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', mod-36 check character. */
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** Andhra Pradesh, the shop's state and place of supply. */
export const HOME_STATE_CODE = '37';

/** The check character over the first 14 characters (the GSTN's mod-36 Luhn variant). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinCheck = { ok: true; gstin: string; stateCode: string } | { ok: false; message: string };

/** Normalises (trim, upper case) and validates a GSTIN; messages are for the customer. */
export function checkGstin(input: string): GstinCheck {
  const gstin = input.trim().toUpperCase();
  const m = SHAPE.exec(gstin);
  if (!m) return { ok: false, message: 'A GSTIN has 15 characters, like 37ABCDE1234F1Z5.' };
  const state = Number(m[1]);
  // State codes 01–38 and 97 (other territory), 99 (centre jurisdiction).
  if (!((state >= 1 && state <= 38) || state === 97 || state === 99)) {
    return { ok: false, message: 'The GSTIN does not start with a valid state code.' };
  }
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) {
    return { ok: false, message: 'The GSTIN is mistyped: its last character does not match.' };
  }
  return { ok: true, gstin, stateCode: m[1]! };
}
