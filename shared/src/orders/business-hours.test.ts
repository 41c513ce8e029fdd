import { describe, expect, it } from 'vitest';
import { nextBusinessDayNotice } from './business-hours.ts';

// 2026-11-23 is a Monday; 2026-11-28 a Saturday; 2026-11-29 a Sunday. Times are IST (+05:30).
describe('nextBusinessDayNotice', () => {
  it.each([
    ['2026-11-23T09:00:00+05:30', null],
    ['2026-11-23T21:59:59+05:30', null],
    ['2026-11-28T12:00:00+05:30', null], // Saturday, open
    ['2026-11-23T08:59:59+05:30', '2026-11-23'], // before opening: later the same day
    ['2026-11-23T22:00:00+05:30', '2026-11-24'], // after closing: next day
    ['2026-11-23T23:30:00+05:30', '2026-11-24'],
    ['2026-11-28T22:15:00+05:30', '2026-11-30'], // Saturday night: Monday
    ['2026-11-29T12:00:00+05:30', '2026-11-30'], // Sunday: Monday
    ['2026-11-29T23:00:00+05:30', '2026-11-30'],
    ['2026-11-22T20:00:00Z', '2026-11-23'], // 01:30 IST Monday, still Sunday in UTC
    ['2026-12-31T23:00:00+05:30', '2027-01-01'], // year end, a Friday
  ])('%s → %s', (iso, expected) => {
    expect(nextBusinessDayNotice(new Date(iso))).toBe(expected);
  });
});
