import fs from 'node:fs';
import * as mupdf from 'mupdf';
import { pagePng } from './page-png.ts';

/**
 * Which pages print in colour (issue 12, item 4; docs/decisions/016-colour-pages.md). Each page is drawn small (24
 * dpi, RGB) and a pixel is coloured when its channels differ by CHROMA or more: greys (R=G=B), black text saved as
 * rich black and grey photos stay below it, JPEG noise of a grey scan too; a page is colour when at least
 * MIN_PIXELS pixels and MIN_SHARE of its pixels are coloured, so a 1 cm logo (about 90 pixels) is colour and a
 * stray anti-aliased edge is not.
 */
export const COLOUR_DPI = 24;
export const CHROMA = 40;
export const MIN_PIXELS = 6;
export const MIN_SHARE = 0.0002;

/** Whether the RGB pixels (3 bytes each) hold colour. */
export function pixelsHoldColour(rgb: Uint8Array | Uint8ClampedArray): boolean {
  const total = rgb.length / 3;
  const needed = Math.max(MIN_PIXELS, Math.ceil(total * MIN_SHARE));
  let coloured = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    const max = r > g ? (r > b ? r : b) : g > b ? g : b;
    const min = r < g ? (r < b ? r : b) : g < b ? g : b;
    if (max - min >= CHROMA && ++coloured >= needed) return true;
  }
  return false;
}

/** Opens the (already checked) PDF at `path` without reading it all into memory. */
function openFile(path: string): { doc: mupdf.Document; close: () => void } {
  const fd = fs.openSync(path, 'r');
  const size = fs.fstatSync(fd).size;
  const stream = new mupdf.Stream({
    fileSize: () => size,
    read: (memory, offset, length, position) => (position >= size ? 0 : fs.readSync(fd, memory, offset, Math.min(length, size - position), position)),
    close: () => {},
  });
  try {
    const doc = mupdf.Document.openDocument(stream, 'application/pdf');
    return { doc, close: () => (doc.destroy(), fs.closeSync(fd)) };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** One page (1-based) as a PNG `width` pixels wide (at most twice as tall): the wizard's page thumbnails. */
export function renderPageOfFile(path: string, pageNumber: number, width: number): Buffer {
  const { doc, close } = openFile(path);
  try {
    if (pageNumber < 1 || pageNumber > doc.countPages()) throw new Error('no such page');
    return pagePng(doc, pageNumber - 1, width, width * 2);
  } finally {
    close();
  }
}

/** The 1-based colour pages of the PDF at `path` (already checked at upload), within `deadline` (ms since epoch). */
export function colourPagesOfFile(path: string, deadline: number): { pageCount: number; colourPages: number[] } {
  const { doc, close } = openFile(path);
  try {
    const pageCount = doc.countPages();
    const scale = mupdf.Matrix.scale(COLOUR_DPI / 72, COLOUR_DPI / 72);
    const colourPages: number[] = [];
    for (let i = 0; i < pageCount; i++) {
      if (Date.now() > deadline) throw new Error('colour detection ran out of time');
      const page = doc.loadPage(i);
      try {
        const pixmap = page.toPixmap(scale, mupdf.ColorSpace.DeviceRGB, false, true);
        try {
          if (pixelsHoldColour(pixmap.getPixels())) colourPages.push(i + 1);
        } finally {
          pixmap.destroy();
        }
      } finally {
        page.destroy();
      }
    }
    return { pageCount, colourPages };
  } finally {
    close();
  }
}
