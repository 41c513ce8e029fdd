import * as mupdf from 'mupdf';

/** Page `index` (0-based) of an open document as a PNG `width` pixels wide and at most `maxHeight` tall. */
export function pagePng(doc: mupdf.Document, index: number, width: number, maxHeight: number): Buffer {
  const page = doc.loadPage(index);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = Math.min(width / Math.max(1, x1 - x0), maxHeight / Math.max(1, y1 - y0));
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      return Buffer.from(pixmap.asPNG());
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}
