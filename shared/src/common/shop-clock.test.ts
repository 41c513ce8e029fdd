import { describe, expect, it } from 'vitest';
import {
  instantOfShopWallClock,
  shopDateFormat,
  shopDay,
  shopDayStart,
  shopTime,
  shopWallClock,
} from './shop-clock.ts';

describe('the shop clock (IST, UTC+05:30)', () => {
  it('puts an instant just after midnight in Guntur on the new day, though it is still the day before in UTC', () => {
    const at = new Date('2026-03-31T18:31:00Z'); // 1 April 2026, 00:01 in Guntur
    expect(shopDay(at)).toBe('2026-04-01');
    expect(shopWallClock(at).getUTCHours()).toBe(0);
    expect(shopDay(new Date('2026-03-31T18:29:00Z'))).toBe('2026-03-31');
  });

  it('starts a shop day at 18:30 UTC the evening before, and reads wall-clock times back to instants', () => {
    expect(shopDayStart('2026-11-24').toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(shopTime(2026, 11, 24, 9).toISOString()).toBe('2026-11-24T03:30:00.000Z');
    const at = new Date('2026-11-24T10:15:00Z');
    expect(instantOfShopWallClock(shopWallClock(at)).getTime()).toBe(at.getTime());
  });

  it('formats in the shop’s time zone whatever the machine’s is, and keeps one formatter per kind', () => {
    const f = shopDateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(f.format(new Date('2026-11-24T18:45:00Z'))).toBe('00:15');
    expect(shopDateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).toBe(f);
  });
});
