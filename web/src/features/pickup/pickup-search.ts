import { parsePickupQr, PICKUP_CODE_LENGTH } from '@shop/shared/pickup/schemas';

/**
 * What the counter's search box holds when it is a pickup code (decision 039): six digits as typed ("160 148"),
 * or the customer's QR code as a scanner types it ("PS-261126-Y31AB/160148"). Null for anything else.
 */
export function pickupCodeIn(text: string): { code: string; orderNumber?: string } | null {
  const qr = parsePickupQr(text);
  if (qr) return qr;
  const digits = text.replace(/\s/g, '');
  return new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`).test(digits) ? { code: digits } : null;
}
