import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
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

  it('draws a page the copies repeat once and sends it again; a changed page or the other side is drawn anew', async () => {
    // As the shop's print-ready PDF holds copies: the second copy's pages are new page objects that share the first
    // copy's contents and resources (server print-document.ts); then one page of it turned a quarter.
    const src = mupdf.Document.openDocument(fixture('letter-a4-4p.pdf'), 'application/pdf').asPDF()!;
    const make = (originals: number, copies: Array<[number, ((d: mupdf.PDFObject) => void)?]>) => {
      const out = new mupdf.PDFDocument();
      for (let i = 0; i < originals; i++) out.graftPage(-1, src, i);
      for (const [i, change] of copies) {
        const d = out.newDictionary();
        out
          .findPage(i)
          .resolve()
          .forEach((v, k) => {
            if (k !== 'Parent') d.put(k, v);
          });
        change?.(d);
        out.insertPage(-1, out.addObject(d));
      }
      const bytes = Buffer.from(out.saveToBuffer('compress').asUint8Array());
      out.destroy();
      return bytes;
    };
    const pdf = make(2, [[0], [1], [0, (d) => d.put('Rotate', 90)]]);
    // Page 1 and its copy, two-sided: the copy lands on the back of the sheet.
    const frontAndBack = make(1, [[0]]);
    src.destroy();
    const render = async (duplex: boolean, bytes = pdf) => {
      const r = await pwgRasterStream(bytes, {
        media: 'iso_a4_210x297mm',
        colorSpace: 'sgray',
        resolution: 100,
        duplex,
        sheetBack: 'rotated',
      });
      return { decoded: decodePwgRaster(await collect(r.stream)), drawn: r.drawn() };
    };
    const oneSided = await render(false);
    expect(oneSided.decoded).toHaveLength(5);
    // Pages 3 and 4 are 1 and 2 again, byte for byte; the turned page 5 is drawn and differs from page 1.
    expect(oneSided.drawn).toBe(3);
    expect(Buffer.from(oneSided.decoded[2]!.pixels).equals(Buffer.from(oneSided.decoded[0]!.pixels))).toBe(true);
    expect(Buffer.from(oneSided.decoded[3]!.pixels).equals(Buffer.from(oneSided.decoded[1]!.pixels))).toBe(true);
    expect(Buffer.from(oneSided.decoded[4]!.pixels).equals(Buffer.from(oneSided.decoded[0]!.pixels))).toBe(false);
    // Two-sided: page 1 is a front, its copy (page 3) a front too, so it is sent again; page 2 a back, as is page 4.
    const twoSided = await render(true);
    expect(twoSided.drawn).toBe(3);
    expect(twoSided.decoded[3]!.header).toMatchObject({ crossFeedTransform: -1, feedTransform: -1 });
    expect(Buffer.from(twoSided.decoded[3]!.pixels).equals(Buffer.from(twoSided.decoded[1]!.pixels))).toBe(true);
    // The same page as a front and as a back: drawn for each side (the back turned as the printer asks).
    const sides = await render(true, frontAndBack);
    expect(sides.drawn).toBe(2);
    expect(Buffer.from(sides.decoded[1]!.pixels).equals(Buffer.from(sides.decoded[0]!.pixels))).toBe(false);
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
