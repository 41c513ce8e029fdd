import { describe, expect, it } from 'vitest';
import { newOrderAlertSchedule, playNewOrderAlert, type AlertAudioContext } from './new-order-alert';

describe('new-order alert schedule: 10 s alternating 880/660 Hz ending in 1000 Hz', () => {
  const tones = newOrderAlertSchedule();

  it('lasts exactly 10 seconds with no gaps or overlaps', () => {
    expect(tones[0]!.start).toBe(0);
    expect(tones.at(-1)!.end).toBe(10);
    for (let i = 1; i < tones.length; i++) expect(tones[i]!.start).toBe(tones[i - 1]!.end);
    for (const t of tones) expect(t.end).toBeGreaterThan(t.start);
  });

  it('alternates 880 and 660 Hz, starting with 880, up to the final tone', () => {
    const body = tones.slice(0, -1);
    expect(body.length).toBeGreaterThanOrEqual(10);
    body.forEach((t, i) => expect(t.frequency).toBe(i % 2 === 0 ? 880 : 660));
  });

  it('ends in one 1000 Hz tone that closes the 10 seconds', () => {
    expect(tones.filter((t) => t.frequency === 1000)).toHaveLength(1);
    expect(tones.at(-1)).toMatchObject({ frequency: 1000, end: 10 });
  });
});

/** A recording stand-in for the Web Audio nodes the player touches. */
function fakeContext(currentTime: number) {
  const started: Array<{ frequency: number; start: number; stops: Array<number | undefined> }> = [];
  let disconnected = 0;
  const param = () => ({ value: 0, setValueAtTime() {}, linearRampToValueAtTime() {} });
  const ctx = {
    currentTime,
    destination: {},
    createGain: () => ({ gain: param(), connect() {}, disconnect: () => void disconnected++ }),
    createOscillator: () => {
      const rec = { frequency: 0, start: -1, stops: [] as Array<number | undefined> };
      const osc = {
        type: 'sine',
        frequency: param(),
        connect() {},
        start(at: number) {
          rec.frequency = osc.frequency.value;
          rec.start = at;
          started.push(rec);
        },
        stop(at?: number) {
          rec.stops.push(at);
        },
      };
      return osc;
    },
  };
  return { ctx: ctx as unknown as AlertAudioContext, started, disconnected: () => disconnected };
}

describe('playNewOrderAlert', () => {
  it('schedules every tone of the schedule on the audio clock, from now', () => {
    const { ctx, started } = fakeContext(42);
    playNewOrderAlert(ctx);
    expect(started.map((s) => [s.frequency, s.start - 42, s.stops[0]! - 42])).toEqual(
      newOrderAlertSchedule().map((t) => [t.frequency, t.start, t.end]),
    );
  });

  it('silences every tone when stopped early', () => {
    const { ctx, started, disconnected } = fakeContext(0);
    const stop = playNewOrderAlert(ctx);
    expect(disconnected()).toBe(0);
    stop();
    // stop() with no time means at once; the output is cut too.
    expect(started.every((s) => s.stops.length === 2 && s.stops[1] === undefined)).toBe(true);
    expect(disconnected()).toBe(1);
  });
});
