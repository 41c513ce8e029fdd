import { z } from 'zod';
import { defineRoute, idParamsSchema } from '../common/contract.ts';
import { SETTABLE_STATUSES } from '../common/status.ts';
import { hasBidiControls } from '../auth/schemas.ts';
import { PICKUP_MESSAGES } from '../pickup/schemas.ts';
import { backOfficeOrderSchema } from './order.ts';

const tags = ['back office'] as const;

/** The admin's and the counter's order list filters (`status=new`: unvisited and visited). */
export const backOfficeQuerySchema = z.object({
  status: z.string().max(40).optional().catch(undefined),
  deliveryType: z.enum(['delivery', 'pickup', 'all']).optional().catch(undefined),
  /** The original API's name for deliveryType, still accepted. */
  filter: z.enum(['delivery', 'pickup', 'all']).optional().catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(100).default(50).catch(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0).catch(0),
  /** `oldest`: the longest-waiting first (the counter works the queue in order); `newest` (default) first. */
  sort: z.enum(['oldest', 'newest']).default('newest').catch('newest'),
});
export type BackOfficeQuery = z.infer<typeof backOfficeQuerySchema>;

/** GET /api/staff/orders/counts: the counter's chips, paid orders only. */
export const counterCountsSchema = z.object({
  all: z.number().int(),
  unvisited: z.number().int(),
  visited: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  delivery: z.number().int(),
  pickup: z.number().int(),
});
export type CounterCounts = z.infer<typeof counterCountsSchema>;

/** GET /api/admin/orders/stats: the admin dashboard's counts (`completed` includes delivered and collected). */
export const orderStatsSchema = z.object({
  total: z.number().int(),
  delivery: z.number().int(),
  pickup: z.number().int(),
  new: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  services: z.object({ active: z.number().int(), total: z.number().int() }),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

export const statusChangeSchema = z.object({
  status: z.enum(SETTABLE_STATUSES, { error: `Status must be one of: ${SETTABLE_STATUSES.join(', ')}` }),
  /** The admin's reason for marking a pickup order collected without its code; shown on the order's timeline. */
  reason: z
    .string({ error: PICKUP_MESSAGES.reasonShort })
    .trim()
    .min(5, PICKUP_MESSAGES.reasonShort)
    .max(300, PICKUP_MESSAGES.reasonLong)
    .refine((r) => !hasBidiControls(r) && !/[\u0000-\u001f\u007f]/.test(r), PICKUP_MESSAGES.reasonBad)
    .optional(),
});

const LIST =
  'Paid orders, newest first (`sort=oldest`: longest-waiting first), each with the customer\'s contact (`customer_name`, `customer_phone`, `whatsapp_url`, `address_text`, `is_new`) and `documents`. The total in `x-total-count` (`x-total-capped: true` past 1,000: then "1,000+"). Pages are kept 3 s, dropped on any order event.';
const STATUS =
  "Any settable status (no sequence is enforced); 400 `status_not_allowed` for 'collected' on a delivery order or 'delivered' on a pickup order; 404 for a draft. A pickup order with a pickup code is collected with its code (`POST /api/staff/orders/:ref/collect`): 'collected' here is refused with `pickup_code_required` (403 for staff; 400 for the admin without a `reason`, which goes on the order's timeline). Answers the order.";

/** The counter's and the admin's order list: the same query and answer; who may call it and its drafts differ. */
const orderList = <const U extends string>(url: U, summary: string, description: string) =>
  defineRoute('GET', url, {
    summary,
    description,
    tags,
    querystring: backOfficeQuerySchema,
    response: { 200: z.array(backOfficeOrderSchema) },
  });

/** A status change from the counter or the admin: the same rule and answer; only who may call it differs. */
const statusChange = <const U extends string>(url: U, summary: string, description: string) =>
  defineRoute('PATCH', url, {
    summary,
    description,
    tags,
    params: idParamsSchema('Order not found'),
    body: statusChangeSchema,
    response: { 200: backOfficeOrderSchema },
  });

/** The order lists of the back office and their status changes. */
export const backOfficeOrderRoutes = {
  counterList: orderList('/api/staff/orders', "The counter's queue", `Staff or the admin. ${LIST} Drafts never.`),
  counterCounts: defineRoute('GET', '/api/staff/orders/counts', {
    summary: "The counter's chip counts",
    description: 'Staff or the admin.',
    tags,
    response: { 200: counterCountsSchema },
  }),
  counterStatus: statusChange(
    '/api/staff/orders/:id/status',
    "Change an order's status (counter)",
    `Staff or the admin. ${STATUS}`,
  ),
  adminList: orderList(
    '/api/admin/orders',
    "The admin's orders",
    `Admin only. ${LIST} Drafts only with \`status=pending_payment\`.`,
  ),
  adminStats: defineRoute('GET', '/api/admin/orders/stats', {
    summary: 'Dashboard counts',
    description: 'Admin only.',
    tags,
    response: { 200: orderStatsSchema },
  }),
  adminStatus: statusChange(
    '/api/admin/orders/:id/status',
    "Change an order's status (admin)",
    `Admin only. ${STATUS}`,
  ),
};
