import { z } from 'zod';
import { defineRoute } from '../common/contract.ts';
import { backOfficeOrderSchema } from '../orders/order.ts';
import { orderRefParamsSchema } from '../orders/refs.ts';

/** Pickup codes: 6 digits, given to the customer at payment, typed or scanned at the counter. */
export const PICKUP_CODE_LENGTH = 6;
export const PICKUP_MESSAGES = {
  format: 'Type the 6-digit pickup code from the customer’s order page or mail',
  wrong: 'That is not this order’s pickup code. Check it with the customer.',
  noCode: 'This order has no pickup code: mark it collected from its status instead.',
  notPickup: 'This is a home delivery order: it is delivered, not collected.',
  already: 'This order is already collected.',
  tooMany: (wait: string) =>
    `Too many wrong codes for this order. Try again in ${wait}, or ask the admin to hand it over without the code.`,
  tooManyForClerk: (wait: string) =>
    `You have typed too many wrong pickup codes. Try again in ${wait}, or ask another clerk or the admin.`,
  codeRequired:
    'A pickup order is collected with the customer’s pickup code: use Collect. Only the admin can hand it over without the code.',
  reasonRequired: 'Handing over without the pickup code needs a reason (who collected it and what they showed).',
  reasonShort: 'Write the reason (at least 5 characters)',
  reasonLong: 'Keep the reason under 300 characters',
  reasonBad: 'The reason contains characters that are not allowed',
};

/** What the order's timeline says about how a pickup order was handed over (decision 033). */
export const PICKUP_NOTES = {
  handedOver: (reason: string) => `Handed over without the pickup code: ${reason}`,
  withCode: 'Collected with the pickup code',
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

/** GET /api/orders/:ref/pickup: the code and its QR code (SVG text). */
export const pickupCodeSchema = z.object({ code: z.string(), qr_svg: z.string() });
export type PickupCode = z.infer<typeof pickupCodeSchema>;

const tags = ['pickup codes'] as const;

export const pickupRoutes = {
  code: defineRoute('GET', '/api/orders/:ref/pickup', {
    summary: "The order's pickup code and its QR code",
    description:
      "The order's own customer only (404 'No pickup code for this order' for staff, the admin and others: they are given it by the customer).",
    tags,
    params: orderRefParamsSchema,
    response: { 200: pickupCodeSchema },
  }),
  collect: defineRoute('POST', '/api/staff/orders/:ref/collect', {
    summary: 'Mark a pickup order collected with its code',
    description:
      'Staff or the admin. Spaces in the code are ignored. 400 `wrong_pickup_code`, or not a pickup order; 409 `already_collected`; 429 `too_many_pickup_tries` after 5 wrong tries (then one per 3 minutes, per order). Answers the order.',
    tags,
    params: orderRefParamsSchema,
    body: collectRequestSchema,
    response: { 200: backOfficeOrderSchema },
  }),
};

/**
 * The counter's search box finds an order by its pickup code (decision 039): typed, or scanned by a scanner that
 * types. Only orders waiting to be collected; misses are limited per clerk (a search that matched codes freely would
 * let anyone at the counter find any order's code by trying, around collect's five tries an order).
 */
export const PICKUP_FIND_MESSAGES = {
  none: 'No order waiting to be collected has this pickup code. Check it with the customer.',
  several: 'Two orders waiting to be collected have this pickup code. Ask the customer for the order number.',
  tooMany: (wait: string) =>
    `Too many pickup codes that matched no order. Try again in ${wait}, or search by order number.`,
};
export const findByPickupCodeSchema = collectRequestSchema;

export const pickupFindRoutes = {
  find: defineRoute('POST', '/api/staff/orders/find-by-pickup-code', {
    summary: 'The order waiting to be collected with this pickup code',
    description:
      "Staff or the admin. Spaces in the code are ignored. 404 `pickup_code_unknown` when no pickup order waiting to be collected has it; 409 `pickup_code_ambiguous` when two do; 429 `too_many_pickup_searches` when the clerk's wrong codes run out: codes that matched nothing here and wrong codes at collect count together (10, then one every 3 minutes; a found code gives its try back). The code goes in the body, never in a logged URL. Answers the order.",
    tags,
    body: findByPickupCodeSchema,
    response: { 200: backOfficeOrderSchema },
  }),
};
