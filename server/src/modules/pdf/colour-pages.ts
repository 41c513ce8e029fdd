import fs from 'node:fs';
import * as mupdf from 'mupdf';
import { fileStream } from './file-stream.ts';
import { pagePng } from './page-png.ts';
import { renderAsPrinted } from './print-view.ts';

/**
 * Which pages print in colour (docs/decisions/016, 032), measured on the print copy as a printer prints it
 * (print-view.ts: print intent, process separations, overprint simulated). Each page is drawn small (24 dpi) and each
 * pixel judged by its chroma, max(R,G,B) − min(R,G,B): greys (R=G=B), rich black text and grey photographs have
 * none. A page is colour when either
 * - STRONG: at least MIN_PIXELS pixels and MIN_SHARE of the page reach CHROMA (40): a 1 cm logo (about 90 pixels),
 *   a line of blue link text, a photograph; a stray 2-point speck (1 pixel) does not; or
 * - FAINT: at least FAINT_MIN_PIXELS pixels and FAINT_MIN_SHARE of the page reach FAINT_CHROMA (20): the pale tints
 *   of office themes (table shading at chroma 24, a 15 % yellow highlight at 33) and a thin coloured rule, which the
 *   printer lays in colour ink; JPEG noise and the paper tone of a black & white scan (chroma under 15 once drawn at
 *   24 dpi) do not, nor does a faint pale item smaller than about 1 cm².
 * The labelled set in server/test/fixtures/pdfs/colour (scripts/make-colour-pdfs.ts) shows where these sit.
 */
export const COLOUR_DPI = 24;
export const CHROMA = 40;
export const MIN_PIXELS = 6;
export const MIN_SHARE = 0.0002;
export const FAINT_CHROMA = 20;
export const FAINT_MIN_PIXELS = 64;
export const FAINT_MIN_SHARE = 0.001;

/** Whether the pixels (`channels` bytes each, RGB first) hold colour by the rule above. */
export function pixelsHoldColour(rgb: Uint8Array | Uint8ClampedArray, channels = 3): boolean {
  const total = rgb.length / channels;
  const needed = Math.max(MIN_PIXELS, Math.ceil(total * MIN_SHARE));
  const neededFaint = Math.max(FAINT_MIN_PIXELS, Math.ceil(total * FAINT_MIN_SHARE));
  let strong = 0;
  let faint = 0;
  for (let i = 0; i < rgb.length; i += channels) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    const max = r > g ? (r > b ? r : b) : g > b ? g : b;
    const min = r < g ? (r < b ? r : b) : g < b ? g : b;
    const c = max - min;
    if (c < FAINT_CHROMA) continue;
    if (++faint >= neededFaint) return true;
    if (c >= CHROMA && ++strong >= needed) return true;
  }
  return false;
}

/** Opens the (already checked) PDF at `path` without reading it all into memory. */
function openFile(path: string): { doc: mupdf.Document; close: () => void } {
  const fd = fs.openSync(path, 'r');
  const size = fs.fstatSync(fd).size;
  const stream = fileStream(fd, size);
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
        const pixmap = renderAsPrinted(page, scale);
        try {
          if (pixelsHoldColour(pixmap.getPixels(), pixmap.getNumberOfComponents())) colourPages.push(i + 1);
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
