import * as mupdf from 'mupdf';
import { renderAsPrinted } from './print-view.ts';

/**
 * Page `index` (0-based) of an open document as a PNG `width` pixels wide and at most `maxHeight` tall, drawn as it
 * prints (print-view.ts): the customer sees the page the shop prices and prints.
 */
export function pagePng(doc: mupdf.Document, index: number, width: number, maxHeight: number): Buffer {
  const page = doc.loadPage(index);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = Math.min(width / Math.max(1, x1 - x0), maxHeight / Math.max(1, y1 - y0));
    const pixmap = renderAsPrinted(page, mupdf.Matrix.scale(scale, scale));
    try {
      return Buffer.from(pixmap.asPNG());
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}
