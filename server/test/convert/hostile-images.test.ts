import * as mupdf from 'mupdf';
import { eq } from 'drizzle-orm';
import { FORMAT_MESSAGES, IMAGE_SIZE_MESSAGES } from '@shop/shared/files/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { imageToPdf } from '../../src/modules/convert/image-to-pdf.ts';
import { checkPngBudget, PNG_DECODE_BUDGET_BYTES, pngInfo } from '../../src/modules/convert/images.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import { makePng, pngInflateBomb } from './crafted-images.ts';

/**
 * Decision 031: one PNG froze the whole shop. Photos were decoded on the server's main thread by pdf-lib and
 * only the header's width × height was checked: a 2 MB PNG declaring 1000 × 1000 that inflates to 2 GB was accepted
 * after 11-15 s with every other request waiting; an 8 MB one froze the server for 261 s; a 0.2 MB 25-megapixel
 * 16-bit PNG for 5.9 s. Now photos are made into pages in the PDF worker pool (mupdf, capped heap, time limit, the
 * owner's turn), and what decoding will cost (inflated bytes, bit depth, colour type, alpha) is counted from the
 * header first.
 */

const MB = 1024 * 1024;

describe('what decoding a PNG costs, counted from its header', () => {
  // [label, options, inflated bytes, decoded bytes (8 bits a sample, alpha included)]
  it.each([
    ['RGB 8-bit', { width: 1000, height: 1000, colourType: 2, bitDepth: 8 }, 1000 * (1 + 3000), 3_000_000],
    ['RGB 16-bit', { width: 1000, height: 1000, colourType: 2, bitDepth: 16 }, 1000 * (1 + 6000), 3_000_000],
    ['RGBA 8-bit', { width: 1000, height: 1000, colourType: 6, bitDepth: 8 }, 1000 * (1 + 4000), 4_000_000],
    ['grey + alpha 16-bit', { width: 1000, height: 1000, colourType: 4, bitDepth: 16 }, 1000 * (1 + 4000), 2_000_000],
    ['grey 1-bit', { width: 1000, height: 1000, colourType: 0, bitDepth: 1 }, 1000 * (1 + 125), 1_000_000],
    ['palette 4-bit', { width: 1000, height: 1000, colourType: 3, bitDepth: 4 }, 1000 * (1 + 500), 3_000_000],
  ] as const)('%s', (_label, o, inflated, decoded) => {
    const info = pngInfo(makePng({ ...o, width: o.width, height: o.height }));
    expect(info.inflatedBytes).toBe(inflated);
    expect(info.decodedBytes).toBe(decoded);
    expect(info.decodeCost).toBe(inflated + 2 * decoded);
  });

  it('a tRNS chunk adds an alpha channel; Adam7 interlacing adds each pass’s filter bytes', () => {
    const png = makePng({ width: 8, height: 8, colourType: 2 });
    const trns = Buffer.from([0, 0, 0, 6, 0x74, 0x52, 0x4e, 0x53, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const withTrns = Buffer.concat([png.subarray(0, 33), trns, png.subarray(33)]);
    expect(pngInfo(withTrns).decodedChannels).toBe(4);
    const interlaced = Buffer.from(png);
    interlaced[28] = 1;
    // 8 × 8 RGB: passes of 1×1, 1×1, 2×1, 2×2, 4×2, 4×4, 8×4 pixels, each row with a filter byte.
    expect(pngInfo(interlaced).inflatedBytes).toBe(4 + 4 + 7 + 2 * 7 + 2 * 13 + 4 * 13 + 4 * 25);
  });

  it('refuses past the budget with the picture’s size, before anything is inflated', () => {
    const info = pngInfo(pngInflateBomb({ width: 5000, height: 5000, inflatesTo: 64 * MB }));
    expect(() => checkPngBudget(info)).toThrow(IMAGE_SIZE_MESSAGES.imageTooLarge('5000 × 5000 px, 25 MP'));
    // A 300 dpi A4 colour scan fits.
    expect(() => checkPngBudget(pngInfo(makePng({ width: 2480, height: 3508, colourType: 2 })))).not.toThrow();
    expect(PNG_DECODE_BUDGET_BYTES).toBeLessThan(128 * MB);
  });
});

describe('EXIF rotation: the photo is drawn the way it is shown', () => {
  /** A 300 × 200 JPEG, red in its stored top-left corner, with an EXIF Orientation. */
  function turnedJpeg(orientation: number): Buffer {
    const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 300, 200], false);
    const s = pix.getPixels();
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 300; x++) {
        const i = (y * 300 + x) * 3;
        const red = x < 100 && y < 70;
        s[i] = red ? 255 : 235;
        s[i + 1] = red ? 0 : 235;
        s[i + 2] = red ? 0 : 235;
      }
    }
    const jpeg = Buffer.from(pix.asJPEG(90, false));
    const tiff = Buffer.from([
      0x4d,
      0x4d,
      0,
      0x2a,
      0,
      0,
      0,
      8,
      0,
      1,
      0x01,
      0x12,
      0,
      3,
      0,
      0,
      0,
      1,
      0,
      orientation,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
    return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
  }
  /** Where the red corner lands on the page: which half across and which half down. */
  function redCorner(pdf: Uint8Array): { right: boolean; bottom: boolean; landscape: boolean } {
    const page = mupdf.Document.openDocument(pdf, 'application/pdf').loadPage(0);
    const pix = page.toPixmap(mupdf.Matrix.scale(0.25, 0.25), mupdf.ColorSpace.DeviceRGB, false);
    const [w, h, s] = [pix.getWidth(), pix.getHeight(), pix.getPixels()];
    let [sx, sy, n] = [0, 0, 0];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        if (s[i]! > 200 && s[i + 1]! < 80 && s[i + 2]! < 80) [sx, sy, n] = [sx + x, sy + y, n + 1];
      }
    }
    expect(n).toBeGreaterThan(0);
    return { right: sx / n > w / 2, bottom: sy / n > h / 2, landscape: w > h };
  }
  it.each([
    [1, { right: false, bottom: false, landscape: true }],
    [3, { right: true, bottom: true, landscape: true }],
    [6, { right: true, bottom: false, landscape: false }],
    [8, { right: false, bottom: true, landscape: false }],
  ])('Orientation %i', (orientation, expected) => {
    expect(redCorner(imageToPdf(turnedJpeg(orientation), 'jpeg'))).toEqual(expected);
  });
});

describe('image bombs uploaded by a hostile customer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the issue’s three PNGs are refused with words the customer can act on, and nothing is kept', async () => {
    const c = await createCustomer(app);
    const twoGb = pngInflateBomb({ width: 1000, height: 1000, inflatesTo: 2 * 1024 * MB });
    const deep = makePng({ width: 5000, height: 5000, colourType: 2, bitDepth: 16 });
    expect(twoGb.length).toBeLessThan(2.5 * MB);
    expect(deep.length).toBeLessThan(0.3 * MB);
    const inflating = await uploadPdf(app, c.headers, twoGb, 'photo.png');
    expect(inflating.statusCode, inflating.body).toBe(400);
    expect(inflating.json()).toMatchObject({ code: 'convert_broken', message: FORMAT_MESSAGES.brokenImage });
    const sixteenBit = await uploadPdf(app, c.headers, deep, 'scan.png');
    expect(sixteenBit.statusCode, sixteenBit.body).toBe(400);
    expect(sixteenBit.json()).toMatchObject({
      code: 'image_too_large',
      message: IMAGE_SIZE_MESSAGES.imageTooLarge('5000 × 5000 px, 25 MP, 16-bit'),
    });
    expect(
      await app.ctx.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, c.record.id)),
    ).toHaveLength(0);
  });

  it('while the 8 MB bomb is on its way, the shop answers everyone else, and the next honest photo converts', async () => {
    const [hostile, other] = [await createCustomer(app), await createCustomer(app)];
    const eightGb = pngInflateBomb({ width: 1000, height: 1000, inflatesTo: 8 * 1024 * MB });
    expect(eightGb.length).toBeLessThan(9 * MB);
    let bombAnswered = false;
    const bomb = uploadPdf(app, hostile.headers, eightGb, 'photo.png').then((r) => {
      bombAnswered = true;
      return r;
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(bombAnswered).toBe(false);
    const photo = await uploadPdf(
      app,
      other.headers,
      makePng({ width: 1200, height: 900, colourType: 2, fill: 'noise' }),
      'screenshot.png',
    );
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json().pdfInfo.pageCount).toBe(1);
    expect((await bomb).statusCode).toBe(400);
  });
});
