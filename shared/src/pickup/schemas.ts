import { z } from 'zod';

/** Pickup codes: 6 digits, given to the customer at payment, typed or scanned at the counter. */
export const PICKUP_CODE_LENGTH = 6;
export const PICKUP_MESSAGES = {
  format: 'Type the 6-digit pickup code from the customer’s order page or mail',
  wrong: 'That is not this order’s pickup code. Check it with the customer.',
  noCode: 'This order has no pickup code: mark it collected from its status instead.',
  notPickup: 'This is a home delivery order: it is delivered, not collected.',
  already: 'This order is already collected.',
  tooMany: (wait: string) => `Too many wrong codes for this order. Try again in ${wait}, or check the customer's order page.`,
};

export const collectRequestSchema = z.object({
  code: z
    .string({ error: PICKUP_MESSAGES.format })
    .transform((c) => c.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`), PICKUP_MESSAGES.format)),
});

/** What the counter's scanner reads from the customer's QR code: `PS-261124-ABCDE/123456`. */
export function pickupQrText(orderNumber: string, code: string): string {
  return `${orderNumber}/${code}`;
}
export function parsePickupQr(text: string): { orderNumber: string; code: string } | null {
  const m = /^(PS-[A-Z0-9-]{4,30})\/(\d{6})$/.exec(text.trim());
  return m ? { orderNumber: m[1]!, code: m[2]! } : null;
}
