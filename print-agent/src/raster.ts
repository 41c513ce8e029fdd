import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { encodePwgLines, PWG_SYNC, pwgPageHeader, type PwgColorSpace } from './pwg-raster.ts';

/**
 * Pages for a printer that does not take PDF (decision 035): the shop's print-ready PDF (ticket first, copies
 * collated, blank backs where two-sided needs them) rendered page by page with mupdf (WASM, so the same on Windows)
 * into PWG raster, the format every IPP Everywhere printer must take. Each page is drawn on the job's paper (fitted,
 * turned to the paper's orientation, centred, never enlarged) at a resolution the printer lists, in grey for
 * monochrome jobs and RGB for colour, and streamed as it is made: one page is drawn at a time, and the pages the
 * copies repeat are sent again from their compressed form (up to REUSE_BYTES of them kept).
 */

type Mupdf = typeof import('mupdf');
let mupdfModule: Promise<Mupdf> | null = null;
/** mupdf's WASM is loaded the first time a raster job comes, not at start. */
const loadMupdf = () => (mupdfModule ??= import('mupdf'));

export interface RasterOptions {
  /** PWG media name the job asks for, e.g. iso_a4_210x297mm; its size is the page size. */
  media: string;
  colorSpace: PwgColorSpace;
  resolution: number;
  /** Two-sided long edge (the shop's two-sided keyword). */
  duplex: boolean;
  /** pwg-raster-document-sheet-back: how the printer wants back sides drawn. */
  sheetBack: string;
  mediaType?: string;
}

/** A PWG self-describing media name's size in points (1/72 inch), or null (a name without a size). */
export function mediaSizePoints(media: string): [number, number] | null {
  const m = /_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|in)$/.exec(media);
  if (!m) return null;
  const unit = m[3] === 'mm' ? 72 / 25.4 : 72;
  return [Number(m[1]) * unit, Number(m[2]) * unit];
}

/**
 * Where a page (its bounds in points) lands on the paper (width × height in pixels at `dpi`): the mupdf matrix that
 * turns it to the paper's orientation when they differ, shrinks it to fit (never enlarges) and centres it.
 */
export function pageOnPaper(
  bounds: [number, number, number, number],
  paper: [number, number],
  dpi: number,
): [number, number, number, number, number, number] {
  const [x0, y0, x1, y1] = bounds;
  const pw = x1 - x0;
  const ph = y1 - y0;
  const turn = pw !== ph && pw > ph !== paper[0] > paper[1];
  const [ew, eh] = turn ? [ph, pw] : [pw, ph];
  const k = dpi / 72;
  const s = Math.min(k, paper[0] / ew, paper[1] / eh);
  const ox = (paper[0] - ew * s) / 2;
  const oy = (paper[1] - eh * s) / 2;
  // Turned a quarter clockwise: (x, y) → (ph − y, x), then scaled and moved.
  return turn ? [0, s, -s, 0, s * (ph + y0) + ox, -s * x0 + oy] : [s, 0, 0, s, -s * x0 + ox, -s * y0 + oy];
}

/**
 * The transforms a back side gets, from the printer's pwg-raster-document-sheet-back (PWG 5102.4): for long-edge
 * duplex, `rotated` turns it half round and `flipped` mirrors it top to bottom; `normal` and `manual-tumble` leave it.
 */
export function backSideTransform(sheetBack: string): { crossFeed: 1 | -1; feed: 1 | -1 } {
  if (sheetBack === 'rotated') return { crossFeed: -1, feed: -1 };
  if (sheetBack === 'flipped') return { crossFeed: 1, feed: -1 };
  return { crossFeed: 1, feed: 1 };
}

/** Applies a back side's transform to chunky pixels in place. */
function transformPixels(
  px: Uint8Array,
  width: number,
  height: number,
  bpp: number,
  t: { crossFeed: 1 | -1; feed: 1 | -1 },
) {
  const row = width * bpp;
  if (t.feed === -1) {
    const tmp = new Uint8Array(row);
    for (let top = 0, bottom = height - 1; top < bottom; top++, bottom--) {
      tmp.set(px.subarray(top * row, top * row + row));
      px.copyWithin(top * row, bottom * row, bottom * row + row);
      px.set(tmp, bottom * row);
    }
  }
  if (t.crossFeed === -1) {
    for (let y = 0; y < height; y++) {
      for (let l = y * row, r = y * row + row - bpp; l < r; l += bpp, r -= bpp) {
        for (let k = 0; k < bpp; k++) {
          const a = px[l + k]!;
          px[l + k] = px[r + k]!;
          px[r + k] = a;
        }
      }
    }
  }
}

/**
 * Pages drawn once are sent again, up to this many bytes of them kept: the print-ready PDF holds each copy's pages
 * as page objects that share the first copy's contents and resources, so ten copies of a 40-page file draw 40 pages,
 * not 400. A text page at 300 dpi is a few hundred KB once compressed; a photo may be tens of MB, and is then drawn
 * again rather than kept.
 */
export const REUSE_BYTES = 64 * 1024 * 1024;
/** A page dictionary longer than this when written out is not looked up (it is drawn every time). */
const MAX_KEY_LENGTH = 64 * 1024;

/** A page that could not be rendered: the job fails with this, it is not a printer that went away. */
export class RenderError extends Error {}

/**
 * The PDF as a PWG raster stream, made page by page as the printer reads it. Throws at once on an unreadable PDF;
 * a page that fails later ends the stream, and `failure()` then says which and why.
 */
export async function pwgRasterStream(
  pdf: Buffer,
  opts: RasterOptions,
): Promise<{ pages: number; stream: Readable; failure: () => RenderError | null; drawn: () => number }> {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(
    new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    'application/pdf',
  );
  const pages = doc.countPages();
  if (pages < 1) {
    doc.destroy();
    throw new Error('the document has no pages');
  }
  const bpp = opts.colorSpace === 'srgb' ? 3 : 1;
  const colorspace = opts.colorSpace === 'srgb' ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray;
  const back = opts.duplex ? backSideTransform(opts.sheetBack) : { crossFeed: 1 as const, feed: 1 as const };

  let failure: RenderError | null = null;
  let drawn = 0;
  // A page is the same drawing as an earlier one when its dictionary, written out, is the same (the same contents
  // and resources by reference, and the same /Parent, so what it inherits is the same too) and it lands on the same
  // side of the sheet.
  const pdfDoc = doc.asPDF();
  const kept = new Map<string, Buffer[]>();
  let keptBytes = 0;
  const keyOf = (i: number, isBack: boolean): string | null => {
    if (!pdfDoc) return null;
    const obj = pdfDoc.findPage(i);
    try {
      const text = obj.resolve().toString(true);
      return text.length > MAX_KEY_LENGTH ? null : `${isBack ? 'back' : 'front'} ${text}`;
    } finally {
      obj.destroy();
    }
  };
  async function* generate(): AsyncGenerator<Buffer> {
    let i = 0;
    try {
      yield PWG_SYNC;
      for (; i < pages; i++) {
        const isBack = opts.duplex && i % 2 === 1;
        const key = keyOf(i, isBack);
        const again = key === null ? undefined : kept.get(key);
        if (again) {
          yield* again;
          await nextTurn();
          continue;
        }
        drawn++;
        const page = doc.loadPage(i);
        const bounds = page.getBounds() as [number, number, number, number];
        const points = mediaSizePoints(opts.media) ?? [bounds[2] - bounds[0], bounds[3] - bounds[1]];
        const width = Math.round((points[0] * opts.resolution) / 72);
        const height = Math.round((points[1] * opts.resolution) / 72);
        const pixmap = new mupdf.Pixmap(colorspace, [0, 0, width, height], false);
        pixmap.clear(255);
        const device = new mupdf.DrawDevice(pageOnPaper(bounds, [width, height], opts.resolution), pixmap);
        page.run(device, mupdf.Matrix.identity);
        device.close();
        device.destroy();
        page.destroy();
        const stride = pixmap.getStride();
        // A copy out of the WASM heap, so the pixmap can go before the (slower) compression.
        const pixels = new Uint8Array(pixmap.getPixels());
        pixmap.destroy();
        const t = isBack ? back : { crossFeed: 1 as const, feed: 1 as const };
        if (stride !== width * bpp) throw new Error('unexpected pixmap layout');
        transformPixels(pixels, width, height, bpp, t);
        const header = pwgPageHeader({
          resolution: opts.resolution,
          width,
          height,
          colorSpace: opts.colorSpace,
          pageSizePoints: points,
          mediaName: opts.media,
          mediaType: opts.mediaType,
          duplex: opts.duplex,
          tumble: false,
          totalPageCount: pages,
          crossFeedTransform: t.crossFeed,
          feedTransform: t.feed,
        });
        const body = Buffer.concat(encodePwgLines(pixels, width, height, bpp));
        if (key !== null && keptBytes + header.length + body.length <= REUSE_BYTES) {
          kept.set(key, [header, body]);
          keptBytes += header.length + body.length;
        }
        yield header;
        yield body;
        // Let the agent's other work (its long poll, heartbeats) run between pages.
        await nextTurn();
      }
    } catch (err) {
      failure = new RenderError(`page ${i + 1} of ${pages} could not be drawn (${(err as Error).message})`);
      throw failure;
    } finally {
      doc.destroy();
    }
  }
  return {
    pages,
    stream: Readable.from(generate(), { objectMode: false }),
    failure: () => failure,
    drawn: () => drawn,
  };
}
