import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourPagesOfFile, pixelsHoldColour } from '../../src/modules/pdf/colour-pages.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import { casesPdf } from '../helpers/colour-cases.ts';

describe('colour pages', () => {
  let file: string;
  beforeAll(async () => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'colour-')), 'cases.pdf');
    fs.writeFileSync(file, await casesPdf());
  });

  it('finds the logo, the photo and the blue text; not black, rich black, grey or a stray dot', () => {
    expect(colourPagesOfFile(file, Date.now() + 60_000)).toEqual({ pageCount: 7, colourPages: [4, 5, 6] });
  });

  it('judges pixels by chroma: greys and JPEG-like noise are not colour', () => {
    const grey = new Uint8Array(3000).map((_, i) => 120 + ((i * 7) % 9)); // greys with ±8 noise across channels
    expect(pixelsHoldColour(grey)).toBe(false);
    const red = new Uint8Array(3000).fill(255);
    for (let i = 0; i < 30; i += 3) red.set([220, 20, 20], i);
    expect(pixelsHoldColour(red)).toBe(true);
  });

  it.each([
    // [what, pixels at this chroma, how many, expected] on a page of 55,440 pixels (A4 at 24 dpi)
    ['a pale office tint over a table (chroma 24)', 24, 3000, true],
    ['a 15 % yellow highlight (chroma 33)', 33, 1200, true],
    ['a thin red rule (chroma 27)', 27, 161, true],
    ['a pale speck smaller than 8 × 8 mm', 24, 40, false],
    ['scan noise and paper tone (chroma 14 everywhere)', 14, 55440, false],
    ['a 1 cm logo (chroma 191)', 191, 100, true],
    ['a 2-point speck (chroma 110)', 110, 1, false],
  ])('faint and strong colour: %s', (_what, chroma, count, expected) => {
    const px = new Uint8Array(55440 * 3).fill(230);
    for (let i = 0; i < count; i++) px.set([230, 230, 230 - chroma], i * 3);
    expect(pixelsHoldColour(px)).toBe(expected);
  });

  it('stops a document that takes too long', () => {
    expect(() => colourPagesOfFile(file, Date.now() - 1)).toThrow('ran out of time');
  });

  describe('through the route', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp();
    });
    afterAll(async () => {
      await app?.close();
    });
    it('tells the owner its colour pages, and no one else', async () => {
      const c = await createCustomer(app);
      const up = await uploadPdf(app, c.headers, fs.readFileSync(file), 'cases.pdf');
      expect(up.statusCode, up.body).toBe(201);
      const url = `/api/pdf/${up.json().file.id}/colours`;
      const res = await app.inject({ method: 'GET', url, headers: c.headers });
      expect(res.json()).toEqual({ pageCount: 7, colourPages: [4, 5, 6] });
      const other = await createCustomer(app);
      expect((await app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    });
  });
});

describe('page images for the wizard', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  it('draws any page of the owner’s file, small or large, and nothing for a page that is not there or a stranger', async () => {
    const c = await createCustomer(app);
    const up = await uploadPdf(app, c.headers, Buffer.from(await casesPdf()), 'cases.pdf');
    const id = up.json().file.id;
    const thumb = await app.inject({ method: 'GET', url: `/api/pdf/${id}/pages/4`, headers: c.headers });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    const large = await app.inject({ method: 'GET', url: `/api/pdf/${id}/pages/4?size=large`, headers: c.headers });
    // PNG width is at bytes 16-19 of the IHDR chunk.
    expect([thumb.rawPayload.readUInt32BE(16), large.rawPayload.readUInt32BE(16)]).toEqual([240, 1000]);
    expect((await app.inject({ method: 'GET', url: `/api/pdf/${id}/pages/8`, headers: c.headers })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/api/pdf/${id}/pages/x`, headers: c.headers })).statusCode).toBe(
      404,
    );
    const other = await createCustomer(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/pdf/${id}/pages/1`, headers: other.headers })).statusCode,
    ).toBe(404);
  });
});
