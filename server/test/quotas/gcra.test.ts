import { describe, expect, it } from 'vitest';
import { networkKey } from '../../src/modules/quotas/address.ts';
import { decide, MemoryRateStore, scaleRule } from '../../src/modules/quotas/gcra.ts';

describe('GCRA rate rule', () => {
  const rule = { burst: 3, intervalMs: 1000 };

  it.each([
    // [stored TAT, now, allowed, retry after (ms) when refused]
    [0, 10_000, true, 0],
    [11_000, 10_000, true, 0],
    [13_000, 10_000, false, 1000],
    [12_500, 10_000, false, 500],
    [13_000, 11_000, true, 0],
  ])('TAT %i at %i: allowed %s', (tat, now, allowed, retry) => {
    const d = decide(rule, tat, now);
    expect(d.allowed).toBe(allowed);
    if (!d.allowed) expect(d.retryAfterMs).toBe(retry);
  });

  it('allows the burst at once, then one request per interval', () => {
    const store = new MemoryRateStore();
    const at = (now: number) => store.hit([['k', rule]], now).allowed;
    expect([at(0), at(0), at(0), at(0)]).toEqual([true, true, true, false]);
    expect(at(999)).toBe(false);
    expect(at(1000)).toBe(true);
    expect(at(1000)).toBe(false);
  });

  it('charges every key or none', () => {
    const store = new MemoryRateStore();
    const tight = { burst: 1, intervalMs: 1000 };
    expect(
      store.hit(
        [
          ['a', rule],
          ['net', tight],
        ],
        0,
      ).allowed,
    ).toBe(true);
    const refused = store.hit(
      [
        ['b', rule],
        ['net', tight],
      ],
      0,
    );
    expect(refused).toMatchObject({ allowed: false, index: 1 });
    // 'b' was not charged: alone it still has its whole burst.
    expect([0, 0, 0].map(() => store.hit([['b', rule]], 0).allowed)).toEqual([true, true, true]);
  });

  it('stays bounded under a flood of keys', () => {
    const store = new MemoryRateStore(1000);
    for (let i = 0; i < 10_000; i++) store.hit([[`k${i}`, rule]], 0);
    expect(store.size).toBeLessThanOrEqual(1000);
  });

  it('scales burst and rate together', () => {
    expect(scaleRule({ burst: 40, intervalMs: 500 }, 10)).toEqual({ burst: 400, intervalMs: 50 });
    expect(scaleRule({ burst: 5, intervalMs: 1000 }, 0.1)).toEqual({ burst: 1, intervalMs: 10_000 });
  });
});

describe('network key', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, key) => {
    expect(networkKey(ip)).toBe(key);
  });
});
