import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cmyk, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourPagesOfFile, pixelsHoldColour } from '../../src/modules/pdf/colour-pages.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { uploadPdf } from '../quotas/helpers.ts';

/** A document whose pages are each a case of the colour rule (decision 016). */
async function casesPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (color: ReturnType<typeof rgb> | ReturnType<typeof cmyk>) => {
    const page = pdf.addPage([595, 842]);
    for (let y = 780; y > 80; y -= 18) page.drawText('The quick brown fox jumps over the lazy dog, again and again.', { x: 50, y, size: 11, font, color });
    return page;
  };
  text(rgb(0, 0, 0)); // 1: black text
  text(cmyk(1, 1, 1, 1)); // 2: rich black text (C=M=Y=K=100 %)
  text(rgb(0, 0, 0)).drawRectangle({ x: 100, y: 300, width: 400, height: 300, color: rgb(0.55, 0.55, 0.55) }); // 3: a grey picture
  text(rgb(0, 0, 0)).drawRectangle({ x: 500, y: 760, width: 28, height: 28, color: rgb(0.85, 0.1, 0.1) }); // 4: a 1 cm red logo
  text(rgb(0, 0, 0)).drawRectangle({ x: 50, y: 100, width: 495, height: 640, color: rgb(0.2, 0.5, 0.8) }); // 5: a colour photo
  text(rgb(0, 0, 0.9)); // 6: blue (link) text
  const tiny = pdf.addPage([595, 842]); // 7: one coloured dot, smaller than the rule counts
  tiny.drawRectangle({ x: 300, y: 400, width: 2, height: 2, color: rgb(1, 0, 0) });
  return pdf.save();
}

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
