import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import type { DecodedPwgPage } from '@shop/print-agent/pwg-raster';

/** Checks of what a printer was given (cups-pdf's output), shared by the API tests and the browser journey. */

export const pdfPages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);

/**
 * cups-pdf makes its PDF from PostScript through Ghostscript, so the text of a page does not survive (fonts come
 * back as bitmaps); its layout does. Pages are recognised by their ink profile (ink per row and per column of a
 * small rendering), correlated with each page of the source: the paper a printer would give, page by page.
 */
function inkProfiles(file: string, scale = 0.25): number[][] {
  const doc = mupdf.Document.openDocument(fs.readFileSync(file), 'application/pdf');
  const out: number[][] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const pix = doc.loadPage(i).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
    const [w, h, px] = [pix.getWidth(), pix.getHeight(), pix.getPixels()];
    const rows = Array.from({ length: h }, (_, y) => px.subarray(y * w, (y + 1) * w).reduce((s, v) => s + 255 - v, 0));
    const cols = new Array<number>(w).fill(0);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cols[x]! += 255 - px[y * w + x]!;
    out.push([...rows, ...cols]);
  }
  doc.destroy();
  return out;
}
function correlation(a: number[], b: number[]): number {
  if (a.length !== b.length) return -1;
  const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
}

/** Each page of a printed file named as 'p<N>' (page N of the source), 'blank', or 'other' (the ticket). */
export function identifyPages(printed: string, source: string): string[] {
  const src = inkProfiles(source);
  return inkProfiles(printed).map((profile) => {
    if (profile.reduce((s, v) => s + v, 0) < 255 * 20) return 'blank';
    const scores = src.map((s) => correlation(profile, s));
    const best = Math.max(...scores);
    const second = Math.max(-1, ...scores.filter((_, i) => i !== scores.indexOf(best)));
    return best > 0.8 && best - second > 0.1 ? `p${scores.indexOf(best) + 1}` : 'other';
  });
}

/** The text of the QR code on a page (the ticket's holds the order number), or null. */
export function qrOnPage(file: string, page: number): string | null {
  const doc = mupdf.Document.openDocument(fs.readFileSync(file), 'application/pdf');
  // Without alpha: a transparent background would read as black.
  const pix = doc.loadPage(page - 1).toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, true);
  const [w, h, rgb] = [pix.getWidth(), pix.getHeight(), pix.getPixels()];
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    rgba.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  const found = jsQR(rgba, w, h);
  doc.destroy();
  return found?.data ?? null;
}

/** A PWG raster page as the printer should lay it: grey, with a back side's mirroring undone. */
function uprightGrey(page: DecodedPwgPage): { w: number; h: number; px: Uint8Array } {
  const { width: w, height: h, bitsPerPixel, crossFeedTransform, feedTransform } = page.header;
  const bpp = bitsPerPixel / 8;
  const px = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = feedTransform === -1 ? h - 1 - y : y;
    for (let x = 0; x < w; x++) {
      const sx = crossFeedTransform === -1 ? w - 1 - x : x;
      const at = (sy * w + sx) * bpp;
      px[y * w + x] =
        bpp === 1 ? page.pixels[at]! : Math.round((page.pixels[at]! + page.pixels[at + 1]! + page.pixels[at + 2]!) / 3);
    }
  }
  return { w, h, px };
}

/** The pages of a PWG raster stream named as identifyPages names a PDF's: 'p<N>', 'blank' or 'other'. */
export function identifyRasterPages(pages: DecodedPwgPage[], source: string): string[] {
  const src = inkProfiles(source);
  const doc = mupdf.Document.openDocument(fs.readFileSync(source), 'application/pdf');
  const first = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(0.25, 0.25), mupdf.ColorSpace.DeviceGray, false, true);
  const [tw, th] = [first.getWidth(), first.getHeight()];
  doc.destroy();
  return pages.map((page) => {
    const { w, h, px } = uprightGrey(page);
    // The same small picture the source pages were profiled at: box-averaged to tw × th.
    const small = new Float64Array(tw * th);
    const count = new Float64Array(tw * th);
    for (let y = 0; y < h; y++) {
      const ty = Math.min(th - 1, Math.floor((y * th) / h));
      for (let x = 0; x < w; x++) {
        const i = ty * tw + Math.min(tw - 1, Math.floor((x * tw) / w));
        small[i]! += px[y * w + x]!;
        count[i]! += 1;
      }
    }
    const v = Array.from(small, (s, i) => s / count[i]!);
    const rows = Array.from({ length: th }, (_, y) => v.slice(y * tw, (y + 1) * tw).reduce((s, p) => s + 255 - p, 0));
    const cols = Array.from({ length: tw }, (_, x) => rows.reduce((s, _r, y) => s + 255 - v[y * tw + x]!, 0));
    const profile = [...rows, ...cols];
    if (profile.reduce((s, p) => s + p, 0) < 255 * 20) return 'blank';
    const scores = src.map((s) => correlation(profile, s));
    const best = Math.max(...scores);
    const second = Math.max(-1, ...scores.filter((_, i) => i !== scores.indexOf(best)));
    return best > 0.8 && best - second > 0.1 ? `p${scores.indexOf(best) + 1}` : 'other';
  });
}

/** The QR code on a raster page (the ticket's holds the order number), or null. */
export function qrOnRasterPage(page: DecodedPwgPage): string | null {
  const { w, h, px } = uprightGrey(page);
  // Half size: quicker, and the ticket's QR code is large.
  const [hw, hh] = [Math.floor(w / 2), Math.floor(h / 2)];
  const rgba = new Uint8ClampedArray(hw * hh * 4);
  for (let y = 0; y < hh; y++) {
    for (let x = 0; x < hw; x++) {
      const g = px[y * 2 * w + x * 2]!;
      rgba.set([g, g, g, 255], (y * hw + x) * 4);
    }
  }
  return jsQR(rgba, hw, hh)?.data ?? null;
}

/** Whether any pixel of the page has real chroma (a colour page), as decision 016 judges colour. */
export function rasterHasColour(page: DecodedPwgPage): boolean {
  if (page.header.bitsPerPixel !== 24) return false;
  const p = page.pixels;
  for (let i = 0; i < p.length; i += 3) {
    if (Math.max(Math.abs(p[i]! - p[i + 1]!), Math.abs(p[i + 1]! - p[i + 2]!), Math.abs(p[i]! - p[i + 2]!)) > 40)
      return true;
  }
  return false;
}
