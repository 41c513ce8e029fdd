import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrintDocument } from '../../src/modules/printing/print-document.ts';
import {
  createCustomer,
  createPaidOrder,
  createService,
  createStaff,
  fixturePdf,
  printOptions,
} from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { ghostscriptColourPages, hasGhostscript, inkCoverage } from '../helpers/ghostscript-colour.ts';
import { uploadPdf } from '../quotas/helpers.ts';

/**
 * Decision 032: preview, price and print the same bytes. Each file of the labelled set
 * (server/test/fixtures/pdfs/colour, made by scripts/make-colour-pdfs.ts) is uploaded; the colour pages the shop
 * prices must be its label, and what Ghostscript's CMYK separation render of the stored print copy shows (another
 * interpreter, as a CMYK printer: separations and overprint its own way). The print copy has no layer, form or
 * printing annotation left for a viewer or printer to read differently.
 */

const COLOUR_DIR = fixturePdf('colour');
const labels = JSON.parse(fs.readFileSync(path.join(COLOUR_DIR, 'labels.json'), 'utf8')) as Record<
  string,
  { pages: number; colourPages: number[]; note: string }
>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'print-copy-test-'));

if (!hasGhostscript)
  throw new Error('These tests compare with Ghostscript: apt-get install -y ghostscript (.ci/run installs it)');

async function readStored(app: TestApp, key: string): Promise<Buffer> {
  const object = await app.ctx.storage.get(key);
  if (!object) throw new Error(`nothing stored at ${key}`);
  const chunks: Buffer[] = [];
  for await (const c of object.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** What a viewer could still read its own way: layers, a form, annotations other than plain links. */
function leftovers(bytes: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  const found: string[] = [];
  const root = doc.getTrailer().get('Root');
  if (!root.get('OCProperties').isNull()) found.push('OCProperties');
  if (!root.get('AcroForm').isNull()) found.push('AcroForm');
  for (let i = 0; i < doc.countPages(); i++) {
    const annots = doc.findPage(i).get('Annots');
    for (let k = 0; k < (annots.isArray() ? annots.length : 0); k++) {
      const a = annots.get(k);
      if (a.get('Subtype').asName() !== 'Link' || !a.get('AP').isNull())
        found.push(`page ${i + 1}: ${a.get('Subtype').asName()}`);
    }
  }
  return found;
}

/** Pixels of a PNG whose chroma is 40 or more (red stamps, colour art). */
function colouredPixels(png: Buffer): number {
  const image = new mupdf.Image(png);
  const pix = image.toPixmap().convertToColorSpace(mupdf.ColorSpace.DeviceRGB);
  const px = pix.getPixels();
  let n = 0;
  for (let i = 0; i < px.length; i += 3)
    if (Math.max(px[i]!, px[i + 1]!, px[i + 2]!) - Math.min(px[i]!, px[i + 1]!, px[i + 2]!) >= 40) n++;
  return n;
}

describe('the print copy: preview, price and print the same bytes', () => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  const uploaded = new Map<string, { id: string; key: string }>();
  beforeAll(async () => {
    app = await createTestApp();
    customer = await createCustomer(app);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function upload(name: string) {
    const hit = uploaded.get(name);
    if (hit) return hit;
    const res = await uploadPdf(app, customer.headers, fs.readFileSync(path.join(COLOUR_DIR, name)), name);
    expect(res.statusCode, res.body).toBe(201);
    const file = { id: res.json().file.id as string, key: res.json().file.path as string };
    uploaded.set(name, file);
    return file;
  }

  describe('each case of the labelled set', () => {
    it.each(Object.keys(labels))(
      '%s: colour pages as labelled, and as Ghostscript prints its print copy',
      async (name) => {
        const label = labels[name]!;
        const file = await upload(name);
        const colours = await app.inject({
          method: 'GET',
          url: `/api/pdf/${file.id}/colours`,
          headers: customer.headers,
        });
        expect(colours.statusCode, colours.body).toBe(200);
        expect(colours.json(), label.note).toEqual({ pageCount: label.pages, colourPages: label.colourPages });
        const copy = path.join(tmp, name);
        const stored = await readStored(app, file.key);
        fs.writeFileSync(copy, stored);
        expect(ghostscriptColourPages(copy), `Ghostscript on the print copy of ${name}`).toEqual(label.colourPages);
        expect(leftovers(stored)).toEqual([]);
      },
    );
  });

  it('the issue’s 20-page files, pages 2-20: a layer hidden when printed is priced and printed black & white; one that prints is priced and printed in colour', async () => {
    const bw = await createService(app, { name: 'B/W A4 ₹2', paperType: 'bond_100gsm', priceSingleSide: 200 });
    const colour = await createService(app, {
      name: 'Colour A4 ₹10',
      printingType: 'color',
      paperType: 'bond_100gsm',
      priceSingleSide: 1000,
      priceDoubleSide: 1800,
      category: 'color_printing',
    });
    expect(bw.id).toBeGreaterThan(0);
    const quote = async (fileId: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/pdf/calculate-cost',
        headers: customer.headers,
        payload: {
          documents: [
            {
              fileId,
              options: printOptions(colour.id, { paperType: 'bond_100gsm', printingType: 'color' }),
              colourMode: 'mixed',
              pageRange: '2-20',
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().totalCost as number;
    };
    const pages = Array.from({ length: 19 }, (_, i) => i + 2);
    /** Pages of the print job (what the print worker sends for pages 2-20) that carry colour ink (C, M, Y not equal). */
    const inkedPages = async (key: string) => {
      const job = buildPrintDocument({
        source: new Uint8Array(await readStored(app, key)),
        pages,
        copies: 1,
        duplex: false,
        ticket: null,
      });
      const file = path.join(tmp, `job-${path.basename(key)}`);
      fs.writeFileSync(file, job.pdf);
      const coverage = inkCoverage(file);
      expect(coverage).toHaveLength(19);
      return coverage.filter(([c, m, y]) => Math.max(c, m, y) - Math.min(c, m, y) > 0.001).length;
    };
    const hidden = await upload('layer-hidden-20p.pdf');
    expect(await quote(hidden.id)).toBe(38);
    expect(await inkedPages(hidden.key)).toBe(0);
    const printed = await upload('layer-print-only-20p.pdf');
    expect(await quote(printed.id)).toBe(190);
    expect(await inkedPages(printed.key)).toBe(19);
  });

  it('the page pictures are the print copy as it prints: a print-only stamp shows, a screen-only comment and layer do not, overprint shows', async () => {
    const picture = async (name: string, page: number) => {
      const file = await upload(name);
      const res = await app.inject({
        method: 'GET',
        url: `/api/pdf/${file.id}/pages/${page}`,
        headers: customer.headers,
      });
      expect(res.statusCode).toBe(200);
      return colouredPixels(res.rawPayload);
    };
    expect(await picture('annot-stamps.pdf', 1)).toBeGreaterThan(50);
    expect(await picture('annot-stamps.pdf', 2)).toBe(0);
    expect(await picture('annot-stamps.pdf', 3)).toBeGreaterThan(50);
    expect(await picture('layer-view-only.pdf', 1)).toBe(0);
    expect(await picture('layer-print-only-20p.pdf', 7)).toBeGreaterThan(50);
    expect(await picture('overprint-white.pdf', 1)).toBeGreaterThan(50);
    expect(await picture('separation-cyan.pdf', 1)).toBeGreaterThan(50);
    // The page-1 preview too.
    const stamps = await upload('form-filled.pdf');
    const preview = await app.inject({
      method: 'GET',
      url: `/api/pdf/${stamps.id}/preview`,
      headers: customer.headers,
    });
    expect(colouredPixels(preview.rawPayload)).toBeGreaterThan(20);
  });

  it('the counter downloads the print copy (the filled form and printing stamps on the page, nothing a viewer could hide or add)', async () => {
    const staff = await createStaff(app);
    for (const name of ['form-filled.pdf', 'annot-stamps.pdf']) {
      const file = await upload(name);
      const order = await createPaidOrder(app, customer.record.id, {
        fileId: file.id,
        filePath: file.key,
        originalFilename: name,
        pageCount: labels[name]!.pages,
      });
      const res = await app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}/documents/1/file`,
        headers: staff.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(await readStored(app, file.key))).toBe(true);
      expect(leftovers(res.rawPayload)).toEqual([]);
      const copy = path.join(tmp, `counter-${name}`);
      fs.writeFileSync(copy, res.rawPayload);
      expect(ghostscriptColourPages(copy)).toEqual(labels[name]!.colourPages);
    }
  });
});
