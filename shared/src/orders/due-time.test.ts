import { describe, expect, it } from 'vitest';
import { dueTimeText, minutesOverdue, promisedReadyTime, workMinutes, type DueWork } from './due-time.ts';

// 2026-11-23 is a Monday; 2026-11-28 a Saturday; 2026-11-29 a Sunday. Times are IST (+05:30).
const ist = (s: string) => new Date(`${s}+05:30`);
const bw = (printedPages: number, copies = 1, more: Partial<DueWork> = {}): DueWork => ({
  printingType: 'bw',
  printedPages,
  copies,
  ...more,
});

describe('workMinutes', () => {
  it.each<[string, DueWork[], number]>([
    ['a one-page B&W print: handling and a minute', [bw(1)], 10 + 1],
    ['38 B&W pages × 3 copies (114 pages at 20 a minute)', [bw(38, 3)], 10 + 6],
    ['colour at 8 pages a minute', [{ printingType: 'color', printedPages: 20, copies: 1 }], 10 + 3],
    ['PVC cards, a minute each', [{ printingType: 'pvc', printedPages: 1, copies: 5 }], 10 + 5],
    ['spiral books per copy: 120 pages × 2 copies', [bw(120, 2, { spiralBinding: true })], 10 + 12 + 2 * 10],
    ['a 400-page spiral document is two books', [bw(400, 1, { spiralBinding: true })], 10 + 20 + 2 * 10],
    ['lamination per copy', [bw(1, 4, { lamination: true })], 10 + 1 + 4 * 3],
    ['documents add up, handling once', [bw(20), bw(40, 1, { paperBinding: true })], 10 + 1 + 2 + 5],
  ])('%s', (_what, docs, minutes) => {
    expect(workMinutes(docs)).toBe(minutes);
  });
});

describe('the printer speeds and a customer who waits (decision 039)', () => {
  it('counts each document at the speed of the printer role that does its work', () => {
    const fast = { bw_a4: 60, color_a4: 20, a3: 4, pvc: 2 };
    expect(workMinutes([bw(120)], { speeds: fast })).toBe(10 + 2);
    expect(workMinutes([{ printingType: 'color', printedPages: 40, copies: 1 }], { speeds: fast })).toBe(10 + 2);
    expect(workMinutes([{ printingType: 'bw', paperSize: 'a3', printedPages: 10, copies: 1 }], { speeds: fast })).toBe(
      10 + 3,
    );
    expect(workMinutes([{ printingType: 'pvc', printedPages: 1, copies: 5 }], { speeds: fast })).toBe(10 + 3);
    // Unset roles keep the defaults.
    expect(workMinutes([bw(40)], { speeds: { color_a4: 1 } })).toBe(10 + 2);
  });
  it('promises a waiting customer the minute: 6 photocopies are ready in 3 minutes, not 15', () => {
    expect(promisedReadyTime(ist('2026-11-23T16:00:00'), [bw(1, 6)], { waiting: true }).toISOString()).toBe(
      ist('2026-11-23T16:03:00').toISOString(),
    );
    expect(promisedReadyTime(ist('2026-11-23T16:00:00'), [bw(1, 6)]).toISOString()).toBe(
      ist('2026-11-23T16:15:00').toISOString(),
    );
    // Still inside the working day: a waiting customer after closing is promised the next morning.
    expect(promisedReadyTime(ist('2026-11-23T22:10:00'), [bw(1, 6)], { waiting: true }).toISOString()).toBe(
      ist('2026-11-24T09:03:00').toISOString(),
    );
  });
});

describe('promisedReadyTime', () => {
  it.each<[string, string, DueWork[], string]>([
    [
      'a small order in the morning: the next quarter hour after the work',
      '2026-11-23T10:07:00',
      [bw(10)],
      '2026-11-23T10:30:00',
    ],
    ['work ending on a quarter hour stays there', '2026-11-23T10:04:00', [bw(20)], '2026-11-23T10:15:00'],
    ['paid before opening: counted from 09:00 that day', '2026-11-23T07:30:00', [bw(10)], '2026-11-23T09:15:00'],
    ['paid after closing: the next working morning', '2026-11-23T22:30:00', [bw(10)], '2026-11-24T09:15:00'],
    ['Saturday night goes to Monday', '2026-11-28T23:00:00', [bw(10)], '2026-11-30T09:15:00'],
    ['Sunday goes to Monday', '2026-11-29T12:00:00', [bw(10)], '2026-11-30T09:15:00'],
    // 10 + 100 minutes of work; 20 minutes are left on Monday, 90 carry to Tuesday morning: 10:30.
    ['work that does not fit the day carries over', '2026-11-23T21:40:00', [bw(2000)], '2026-11-24T10:30:00'],
  ])('%s', (_what, paid, docs, ready) => {
    expect(promisedReadyTime(ist(paid), docs).toISOString()).toBe(ist(ready).toISOString());
  });

  it('gives a huge print run a time months ahead instead of looping for ever', () => {
    const ready = promisedReadyTime(ist('2026-11-23T10:00:00'), [bw(5000, 1000)]);
    expect(ready.getTime()).toBeGreaterThan(ist('2027-01-01T00:00:00').getTime());
  });
});

describe('dueTimeText and minutesOverdue', () => {
  const now = ist('2026-11-23T15:00:00');
  it('reads today, tomorrow and later days as a clerk says them', () => {
    expect(dueTimeText(ist('2026-11-23T16:30:00'), now)).toBe('4:30 pm');
    expect(dueTimeText(ist('2026-11-24T09:45:00'), now)).toBe('tomorrow 9:45 am');
    expect(dueTimeText(ist('2026-11-26T10:00:00'), now)).toBe('26 Nov, 10:00 am');
  });
  it('counts whole minutes past the due time', () => {
    expect(minutesOverdue(ist('2026-11-23T14:20:00'), now)).toBe(40);
    expect(minutesOverdue(ist('2026-11-23T15:30:00'), now)).toBe(0);
  });
});
