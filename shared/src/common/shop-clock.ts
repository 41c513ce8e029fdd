/**
 * The shop's clock. Guntur keeps India Standard Time, UTC+05:30 all year (India has no daylight saving), so every
 * calendar question the shop asks goes through here: which day an order, a report, a bill or a backup belongs to,
 * business hours and due times, the financial year, the order number's date. Instants are stored in UTC; only these
 * functions turn them into the shop's days and hours.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
export const SHOP_UTC_OFFSET_MINUTES = 330;
const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;

/** The shop's wall clock at an instant, as a Date whose UTC fields read it (`getUTCHours()` is the hour in Guntur). */
export function shopWallClock(at: Date | number): Date {
  return new Date(+at + OFFSET_MS);
}

/** The instant at which the shop's wall clock reads a Date's UTC fields (the inverse of shopWallClock). */
export function instantOfShopWallClock(wall: Date | number): Date {
  return new Date(+wall - OFFSET_MS);
}

/** The instant the shop's clock reads this date and time (month 1–12; fields past their range roll over, as Date.UTC). */
export function shopTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - OFFSET_MS);
}

/** The shop's calendar day of an instant: `2026-11-24`. */
export function shopDay(at: Date | number): string {
  return shopWallClock(at).toISOString().slice(0, 10);
}

/** Midnight at the shop on a calendar day (`2026-11-24`), as an instant. */
export function shopDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date/time formatter on the shop's clock, made once per locale and options and kept (making one costs more than
 * formatting many dates).
 */
export function shopDateFormat(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  locale = 'en-IN',
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE })));
  return format;
}
