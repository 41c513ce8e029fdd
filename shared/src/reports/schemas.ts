import { z } from 'zod';
import { defineRoute, contentAnswer } from '../common/contract.ts';
import { SHOP_UTC_OFFSET_MINUTES, shopDay, shopDayStart } from '../common/shop-clock.ts';

/**
 * The admin's day report and the orders CSV. A shop day is a calendar day in India (IST,
 * UTC+05:30, no daylight saving), so a day is exactly 24 hours starting at midnight IST.
 */
export const IST_OFFSET_MINUTES = SHOP_UTC_OFFSET_MINUTES;
/** The longest range one CSV export may cover: a year (and a day for a leap year). */
export const CSV_MAX_DAYS = 366;

export const PAYMENT_METHODS = ['online', 'cash', 'upi_counter'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Online (Razorpay)',
  cash: 'Cash at the counter',
  upi_counter: 'UPI at the counter',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-11-24` → true when it is a real calendar date (not 2026-02-30) between 2000 and 2100. */
export function isCalendarDate(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < 2000 || y > 2100) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const calendarDate = (what: string) =>
  z
    .string({ error: `Choose ${what}` })
    .trim()
    .refine(isCalendarDate, `${what[0]!.toUpperCase()}${what.slice(1)} must be a date such as 2026-11-24`);

/** Midnight IST of a calendar day, as an instant (the shop clock's). */
export const istDayStart = shopDayStart;

/** The IST calendar day of an instant: `2026-11-24` (the shop clock's). */
export const istDayOf = (instant: Date): string => shopDay(instant);

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const dayReportQuerySchema = z.object({ date: calendarDate('a day') });

export const ordersCsvQuerySchema = z
  .object({ from: calendarDate('the first day'), to: calendarDate('the last day') })
  .refine((q) => q.from <= q.to, { message: 'The last day must be on or after the first day', path: ['to'] })
  .refine((q) => (istDayStart(q.to).getTime() - istDayStart(q.from).getTime()) / 86_400_000 < CSV_MAX_DAYS, {
    message: `One export covers at most ${CSV_MAX_DAYS} days: choose a shorter range`,
    path: ['to'],
  });

/** GET /api/admin/reports/day. Money in rupees with two decimals, as the rest of the API speaks. */
export const dayReportSchema = z
  .object({
    /** The IST calendar day reported. */
    date: z.string(),
    /** Orders paid that day (whatever their status now). */
    orders: z.number().int(),
    pickupOrders: z.number().int(),
    deliveryOrders: z.number().int(),
    /** Pages printed for them: each document's pages in range × its copies. */
    pagesPrinted: z.number().int(),
    /** What customers paid, delivery charges included: printingAndBinding − discounts + deliveryCharges. */
    revenue: z.number(),
    /** The documents' printing and binding before the orders' discounts (the sum of byService). */
    printingAndBinding: z.number(),
    deliveryCharges: z.number(),
    discounts: z.number(),
    byPaymentMethod: z.array(
      z.object({ method: z.enum(PAYMENT_METHODS), label: z.string(), orders: z.number().int(), amount: z.number() }),
    ),
    /** Refunds made that day (of orders paid any day), not counting failed ones. */
    refunds: z.object({ count: z.number().int(), amount: z.number() }),
    /** Paid orders by IST hour of the day, 0–23. */
    byHour: z.array(z.number().int()),
    /**
     * Each document under its own service: the orders and documents with it, the pages it printed (pages in range ×
     * copies) and its printing and binding before the order's discount (discounts and delivery are shown apart).
     */
    byService: z.array(
      z.object({
        serviceName: z.string(),
        orders: z.number().int(),
        documents: z.number().int(),
        pages: z.number().int(),
        amount: z.number(),
      }),
    ),
    /** Orders of that day not yet collected or delivered. */
    stillOpen: z.number().int(),
    /**
     * The GST documents issued that day (decision 037): how many, and their taxable value, CGST, SGST, IGST and total,
     * credit notes subtracted. Receipts and bills of supply carry no tax: their value is all taxable value there.
     */
    tax: z.object({
      invoices: z.number().int(),
      creditNotes: z.number().int(),
      taxableValue: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
      total: z.number(),
    }),
    /** Refunds made that day by how their orders were paid (failed ones excepted). */
    refundsByMethod: z.array(
      z.object({ method: z.enum(PAYMENT_METHODS), label: z.string(), count: z.number().int(), amount: z.number() }),
    ),
    /**
     * Refunds the bank refused that the counter gave back that day (decision 021), whatever day they were made: the
     * cash ones leave the drawer that day.
     */
    handedBack: z.object({ count: z.number().int(), cash: z.number(), upi: z.number() }),
    /**
     * Cash taken that day at the counter less cash refunded and cash given back that day: what the drawer should hold
     * beyond its float.
     */
    cashInDrawer: z.number(),
  })
  .meta({ id: 'DayReport' });
export type DayReport = z.infer<typeof dayReportSchema>;

const tags = ['day report & CSV'] as const;

/** The admin's day report and the orders CSV for the accountant. */
export const reportRoutes = {
  day: defineRoute('GET', '/api/admin/reports/day', {
    summary: "One day's figures",
    description: 'Admin only. `date` is an IST calendar day (400 for a day that is not a date).',
    tags,
    querystring: dayReportQuerySchema,
    response: { 200: dayReportSchema },
  }),
  ordersCsv: defineRoute('GET', '/api/admin/reports/orders.csv', {
    summary: 'Paid orders of a range of days, for the accountant',
    description: `Admin only. IST days, at most ${CSV_MAX_DAYS}; 400 for a backwards or too long range. Streamed in batches.`,
    tags,
    querystring: ordersCsvQuerySchema,
    response: {
      200: contentAnswer(
        'text/csv',
        "UTF-8 with BOM, one line per document of each paid order (the order's columns repeated; its delivery charge on its first document's line), as an attachment.",
      ),
    },
  }),
};
