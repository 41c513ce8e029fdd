import { z } from 'zod';

/**
 * The admin's day report and the orders CSV (issue 13, "Day report"). A shop day is a calendar day in India (IST,
 * UTC+05:30, no daylight saving), so a day is exactly 24 hours starting at midnight IST.
 */
export const IST_OFFSET_MINUTES = 330;
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

/** Midnight IST of a calendar day, as an instant. */
export function istDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/** The IST calendar day of an instant: `2026-11-24`. */
export function istDayOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

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

/** Money in rupees with two decimals, as the rest of the API speaks. */
export interface DayReport {
  /** The IST calendar day reported. */
  date: string;
  /** Orders paid that day (whatever their status now). */
  orders: number;
  pickupOrders: number;
  deliveryOrders: number;
  /** Pages printed for them: each order's pages × copies. */
  pagesPrinted: number;
  /** What customers paid, delivery charges included. */
  revenue: number;
  deliveryCharges: number;
  discounts: number;
  byPaymentMethod: Array<{ method: PaymentMethod; label: string; orders: number; amount: number }>;
  /** Refunds made that day (of orders paid any day), not counting failed ones. */
  refunds: { count: number; amount: number };
  /** Paid orders by IST hour of the day, 0–23. */
  byHour: number[];
  byService: Array<{ serviceName: string; orders: number; pages: number; amount: number }>;
  /** Orders of that day not yet collected or delivered. */
  stillOpen: number;
}
