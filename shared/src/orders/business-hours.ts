import { shopWallClock } from '../common/shop-clock.ts';
/**
 * Orders are accepted at any time; those placed outside 09:00–22:00 IST, or on Sunday, are processed on the
 * next business day (Mon–Sat). IST has no daylight saving: UTC+05:30 all year.
 */
export const OPENS_AT_HOUR = 9;
export const CLOSES_AT_HOUR = 22;

/** null when the moment is inside business hours; otherwise the IST date (YYYY-MM-DD) the order will be processed. */
export function nextBusinessDayNotice(date: Date): string | null {
  // A Date whose UTC fields read as the IST wall clock.
  const ist = shopWallClock(date);
  const day = ist.getUTCDay(); // 0 = Sunday
  const hour = ist.getUTCHours();
  if (day !== 0 && hour >= OPENS_AT_HOUR && hour < CLOSES_AT_HOUR) return null;
  // Before opening on a working day: processed later that day. Otherwise the next working day.
  const next = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()));
  if (day === 0 || hour >= CLOSES_AT_HOUR) {
    do next.setUTCDate(next.getUTCDate() + 1);
    while (next.getUTCDay() === 0);
  }
  return next.toISOString().slice(0, 10);
}
