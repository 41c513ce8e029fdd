import { z } from 'zod';
import { hasBidiControls } from '../auth/schemas.ts';
import { isWholePaise } from '../catalog/schemas.ts';

/**
 * Refunds of paid orders (decision 021): the admin refunds the whole or a part of what was paid, through the
 * provider the order was paid with. Money in rupees in the API, integer paise inside.
 *
 * `bounced`: Razorpay took the refund (pending) and then could not pay it (the customer's bank refused it). The
 * money is back in the shop's Razorpay balance, the credit note stands and the shop still owes it: the counter gives
 * it back by hand. Its amount stays refunded, so nobody refunds the order again.
 *
 * `handed_back`: a bounced refund the admin has recorded as given back at the counter, in cash or by UPI. The cash
 * leaves the drawer on that day (the day report), not on the refund's day.
 */
export const REFUND_STATUSES = ['requested', 'pending', 'processed', 'failed', 'bounced', 'handed_back'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** How a bounced refund was given back at the counter. */
export const HAND_BACK_METHODS = ['cash', 'upi'] as const;
export type HandBackMethod = (typeof HAND_BACK_METHODS)[number];
/** Razorpay refunds at least ₹1.00. */
export const MIN_REFUND_RUPEES = 1;
export const REFUND_REASON_MAX = 200;

export const REFUND_MESSAGES = {
  amount: 'Enter the amount to refund in rupees, at least ₹1.00, at most 2 decimals',
  tooMuch: (refundable: string) => `At most ${refundable} can be refunded on this order`,
  reason: 'Say why (at least 3 characters): the customer reads it',
  reasonLong: `Keep the reason under ${REFUND_REASON_MAX} characters`,
  reasonBidi: 'The reason contains direction-control characters; please retype it',
};

export const refundRequestSchema = z.object({
  amount: z
    .number({ error: REFUND_MESSAGES.amount })
    .finite(REFUND_MESSAGES.amount)
    .min(MIN_REFUND_RUPEES, REFUND_MESSAGES.amount)
    .max(10_000_000, REFUND_MESSAGES.amount)
    .refine(isWholePaise, REFUND_MESSAGES.amount),
  reason: z
    .string({ error: REFUND_MESSAGES.reason })
    .trim()
    .min(3, REFUND_MESSAGES.reason)
    .max(REFUND_REASON_MAX, REFUND_MESSAGES.reasonLong)
    .refine((r) => !hasBidiControls(r), REFUND_MESSAGES.reasonBidi),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const handBackSchema = z.object({
  method: z.enum(HAND_BACK_METHODS, { error: 'Say how it was given back: cash or UPI' }),
});
export type HandBack = z.infer<typeof handBackSchema>;

export const refundDtoSchema = z
  .object({
    id: z.number().int(),
    /** Rupees. */
    amount: z.number(),
    reason: z.string(),
    status: z.enum(REFUND_STATUSES),
    created_at: z.string(),
    /** Who refunded (admin view only). */
    actor_name: z.string().nullable().optional(),
    provider_refund_id: z.string().nullable().optional(),
    /** A bounced refund given back at the counter: when and how; who, for the admin only. */
    handed_back_at: z.string().nullable().optional(),
    handed_back_method: z.enum(HAND_BACK_METHODS).nullable().optional(),
    handed_back_by: z.string().nullable().optional(),
  })
  .meta({ id: 'Refund' });
export type RefundDto = z.infer<typeof refundDtoSchema>;

/**
 * An order's refunds with what is left to refund (rupees). For the admin, each document's part of what was paid
 * (its printing and binding less its share of the discount, as the bill's lines: pricing/price-order.ts
 * documentShares), so one document can be refunded at what it cost.
 */
export const orderRefundsSchema = z
  .object({
    paid: z.number(),
    refunded: z.number(),
    refundable: z.number(),
    refunds: z.array(refundDtoSchema),
    documents: z.array(z.object({ position: z.number().int(), name: z.string(), paid: z.number() })).optional(),
  })
  .meta({ id: 'OrderRefunds' });
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;
