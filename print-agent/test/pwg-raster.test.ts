import { describe, expect, it } from 'vitest';
import {
  decodePwgRaster,
  encodePwgLines,
  PWG_HEADER_BYTES,
  PWG_SYNC,
  pwgPageHeader,
  type PwgPage,
} from '../src/pwg-raster.ts';

const page = (over: Partial<PwgPage> = {}): PwgPage => ({
  resolution: 300,
  width: 0,
  height: 0,
  colorSpace: 'sgray',
  pageSizePoints: [595, 842],
  mediaName: 'iso_a4_210x297mm',
  duplex: false,
  tumble: false,
  totalPageCount: 1,
  crossFeedTransform: 1,
  feedTransform: 1,
  ...over,
});
const stream = (p: PwgPage, pixels: Uint8Array) =>
  Buffer.concat([
    PWG_SYNC,
    pwgPageHeader(p),
    ...encodePwgLines(pixels, p.width, p.height, p.colorSpace === 'srgb' ? 3 : 1),
  ]);

/** A seeded pseudo-random generator, so a failure can be repeated. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('PWG raster encoder', () => {
  it('writes the header fields an IPP Everywhere printer reads', () => {
    const h = pwgPageHeader(
      page({
        width: 2480,
        height: 3508,
        colorSpace: 'srgb',
        duplex: true,
        totalPageCount: 7,
        crossFeedTransform: -1,
        feedTransform: -1,
      }),
    );
    expect(h.length).toBe(PWG_HEADER_BYTES);
    expect(h.toString('ascii', 0, 9)).toBe('PwgRaster');
    expect(h.readUInt32BE(272)).toBe(1); // Duplex
    expect([h.readUInt32BE(276), h.readUInt32BE(280)]).toEqual([300, 300]);
    expect([h.readUInt32BE(352), h.readUInt32BE(356)]).toEqual([595, 842]);
    expect([h.readUInt32BE(372), h.readUInt32BE(376)]).toEqual([2480, 3508]);
    expect([h.readUInt32BE(384), h.readUInt32BE(388), h.readUInt32BE(392)]).toEqual([8, 24, 2480 * 3]);
    expect(h.readUInt32BE(400)).toBe(19); // sRGB
    expect(h.readUInt32BE(420)).toBe(3); // NumColors
    expect(h.readUInt32BE(452)).toBe(7); // TotalPageCount
    expect([h.readInt32BE(456), h.readInt32BE(460)]).toEqual([-1, -1]);
    expect(h.toString('ascii', 1732, 1732 + 16)).toBe('iso_a4_210x297mm');
  });

  it.each([
    ['a white page', 'sgray', (_x: number, _y: number) => [255]],
    ['a black page', 'sgray', () => [0]],
    ['vertical stripes (no two neighbours equal)', 'sgray', (x: number) => [x % 2 ? 0 : 255]],
    ['runs of 1, 2 and 3 pixels', 'sgray', (x: number) => [[0, 255, 255, 0, 0, 0][x % 6]!]],
    ['a colour gradient', 'srgb', (x: number, y: number) => [x % 256, y % 256, (x * y) % 256]],
    [
      'lines longer than 128 equal pixels and rows repeated past 256',
      'srgb',
      (x: number, y: number) => (y < 300 ? [10, 20, 30] : [x < 200 ? 255 : 0, 0, 0]),
    ],
  ] as const)('round-trips %s', (_name, colorSpace, pixel) => {
    const width = 301;
    const height = 333;
    const bpp = colorSpace === 'srgb' ? 3 : 1;
    const pixels = new Uint8Array(width * height * bpp);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set(pixel(x, y), (y * width + x) * bpp);
    const p = page({ width, height, colorSpace });
    const [decoded] = decodePwgRaster(stream(p, pixels));
    expect(decoded!.header).toMatchObject({
      mediaClass: 'PwgRaster',
      width,
      height,
      bitsPerPixel: 8 * bpp,
      colorSpace: colorSpace === 'srgb' ? 19 : 18,
      numColors: bpp,
    });
    expect(Buffer.compare(decoded!.pixels, Buffer.from(pixels))).toBe(0);
  });

  it('round-trips random pages of every small width, and compresses a page of text-like rows', () => {
    const next = random(42);
    for (let width = 1; width <= 40; width++) {
      const pixels = new Uint8Array(width * 5 * 3);
      // Few values, so runs and literals mix.
      for (let i = 0; i < pixels.length; i += 3)
        pixels.set(next() < 0.5 ? [255, 255, 255] : [Math.floor(next() * 3) * 100, 0, 0], i);
      const p = page({ width, height: 5, colorSpace: 'srgb' });
      expect(Buffer.compare(decodePwgRaster(stream(p, pixels))[0]!.pixels, Buffer.from(pixels)), `width ${width}`).toBe(
        0,
      );
    }
    const width = 2480;
    const height = 3508;
    const text = new Uint8Array(width * height).fill(255);
    for (let y = 300; y < 3200; y += 40)
      for (let x = 250; x < 2200; x++) if ((x * 7 + y) % 11 < 4) text[y * width + x] = 0;
    const body = Buffer.concat(encodePwgLines(text, width, height, 1));
    expect(body.length).toBeLessThan(text.length / 20);
  });

  it('refuses what is not a PWG stream, or is cut short', () => {
    expect(() => decodePwgRaster(Buffer.from('%PDF-1.7'))).toThrow(/RaS2/);
    const p = page({ width: 10, height: 10 });
    const whole = stream(p, new Uint8Array(100).fill(0));
    expect(() => decodePwgRaster(whole.subarray(0, whole.length - 1))).toThrow(/cut short/);
    expect(() => decodePwgRaster(whole.subarray(0, 100))).toThrow(/header cut short/);
  });
});
