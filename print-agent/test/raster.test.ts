import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chooseRasterType, chooseResolution } from '../src/direct.ts';
import { decodePwgRaster } from '../src/pwg-raster.ts';
import { backSideTransform, mediaSizePoints, pageOnPaper, pwgRasterStream, RenderError } from '../src/raster.ts';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/test/fixtures/pdfs', name));
const collect = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('pages rendered for a printer without PDF', () => {
  it.each([
    ['iso_a4_210x297mm', [595.28, 841.89]],
    ['iso_a3_297x420mm', [841.89, 1190.55]],
    ['na_letter_8.5x11in', [612, 792]],
    ['custom_min_3x5in', [216, 360]],
    ['iso-a4', null],
  ] as const)('reads the paper size of %s', (media, points) => {
    const got = mediaSizePoints(media);
    if (!points) expect(got).toBeNull();
    else expect(got!.map((v) => Math.round(v * 100) / 100)).toEqual(points);
  });

  it('fits a page on the paper: turned to its orientation, never enlarged, centred', () => {
    // A landscape A4 page on portrait A4 paper at 300 dpi: turned a quarter, 300/72 pixels a point.
    const [a, b, c, d] = pageOnPaper([0, 0, 842, 595], [2480, 3508], 300);
    expect([a, d]).toEqual([0, 0]);
    expect(b).toBeCloseTo(300 / 72, 3);
    expect(c).toBeCloseTo(-300 / 72, 3);
    // A small receipt stays its size, in the middle.
    const small = pageOnPaper([0, 0, 200, 300], [2480, 3508], 300);
    expect(small[0]).toBeCloseTo(300 / 72, 5);
    expect(small[4]).toBeCloseTo((2480 - 200 * (300 / 72)) / 2, 3);
    // A page larger than the paper shrinks to fit.
    expect(pageOnPaper([0, 0, 1190, 1684], [2480, 3508], 300)[0]).toBeLessThan(300 / 72);
  });

  it('chooses 300 dpi and the pixel type the printer lists', () => {
    expect(chooseResolution([600, 300])).toBe(300);
    expect(chooseResolution([150, 600, 1200])).toBe(600);
    expect(chooseResolution([150])).toBe(150);
    expect(chooseResolution([])).toBeNull();
    expect(chooseRasterType(['sgray_8', 'srgb_8'], true)).toBe('srgb');
    expect(chooseRasterType(['sgray_8', 'srgb_8'], false)).toBe('sgray');
    expect(chooseRasterType(['black_1', 'sgray_8'], true)).toBe('sgray');
    expect(chooseRasterType(['srgb_8'], false)).toBe('srgb');
    expect(chooseRasterType(['black_1'], false)).toBeNull();
    expect(backSideTransform('rotated')).toEqual({ crossFeed: -1, feed: -1 });
    expect(backSideTransform('flipped')).toEqual({ crossFeed: 1, feed: -1 });
    expect(backSideTransform('normal')).toEqual({ crossFeed: 1, feed: 1 });
  });

  it('renders every page of a PDF on the paper, portrait even for a landscape page', async () => {
    const { pages, stream } = await pwgRasterStream(fixture('landscape-a4.pdf'), {
      media: 'iso_a4_210x297mm',
      colorSpace: 'sgray',
      resolution: 150,
      duplex: false,
      sheetBack: 'normal',
    });
    const decoded = decodePwgRaster(await collect(stream));
    expect(decoded).toHaveLength(pages);
    expect(decoded[0]!.header).toMatchObject({ width: 1240, height: 1754, colorSpace: 18, resolution: [150, 150] });
    // Something was drawn.
    expect(decoded[0]!.pixels.some((v) => v < 128)).toBe(true);
  });

  it('refuses what is not a PDF it can read, before anything is sent', async () => {
    await expect(
      pwgRasterStream(Buffer.from('not a pdf at all'), {
        media: 'iso_a4_210x297mm',
        colorSpace: 'sgray',
        resolution: 150,
        duplex: false,
        sheetBack: 'normal',
      }),
    ).rejects.toThrow();
    expect(new RenderError('x')).toBeInstanceOf(Error);
  });
});
