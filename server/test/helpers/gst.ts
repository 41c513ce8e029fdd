import { gstinCheckChar } from '@shop/shared/gst/gstin';

/** A valid GSTIN from its first 14 characters (the 15th is the check character). */
export const gstin = (first14: string) => first14 + gstinCheckChar(first14);

/** The shop's own GSTIN in the tests (Andhra Pradesh, state 37). */
export const SHOP_GSTIN = gstin('37AAAPS1234C1Z');
/** A business customer in another state (Telangana, 36) and one in the shop's state. */
export const TELANGANA_GSTIN = gstin('36AABCT1234D1Z');
export const LOCAL_GSTIN = gstin('37AABCG5678H1Z');

/** A test app's environment for a shop registered in the regular scheme. */
export const REGULAR_GST = { GST_STATUS: 'regular', GST_GSTIN: SHOP_GSTIN };

/** `label`, white space, then `paise` as the tax documents print it (`Rs. 1,234.50`): for pdftotext's layout. */
export function printedAmount(label: string, paise: number): RegExp {
  const amount = `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(label)}\\s+${escape(amount)}`);
}
