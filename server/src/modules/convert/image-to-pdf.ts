import fs from 'node:fs';
import * as mupdf from 'mupdf';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { ConvertError } from './convert-error.ts';
import { checkJpegSize, checkPngBudget, jpegInfo, pngInfo } from './images.ts';

/** A4 in points, and a 10 mm margin: a photo of a document or an ID card fits the page and keeps its shape. */
const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 28.35;

const n = (x: number) => (Math.abs(x) < 1e-9 ? '0' : x.toFixed(4).replace(/\.?0+$/, ''));

/**
 * A photo as one PDF page (decisions 017, 031): A4, portrait or landscape as the photo is shown (EXIF
 * rotation honoured: phones store turned JPEGs with an Orientation tag; the mirrored forms are drawn as their turned
 * twins), fitted within 10 mm margins and centred.
 *
 * Runs in the PDF worker (pdf-worker.ts), never on the server's main thread, with the worker's time limit and its
 * capped WebAssembly heap. What decoding will cost is counted from the headers before mupdf touches a pixel: a PNG
 * over the budget (images.ts) and a JPEG over 50 megapixels are refused with their size. A JPEG is embedded as it
 * is; a PNG is decoded by mupdf, which stops at the size the header declares (a PNG whose data inflates to
 * gigabytes is refused as unreadable after the first few megabytes, not decoded).
 */
export function imageToPdf(input: Uint8Array, kind: 'jpeg' | 'png'): Uint8Array {
  let width: number;
  let height: number;
  let orientation = 1;
  if (kind === 'jpeg') {
    ({ width, height, orientation } = jpegInfo(input));
    checkJpegSize({ width, height });
  } else {
    const info = pngInfo(input);
    checkPngBudget(info);
    ({ width, height } = info);
  }
  let image: mupdf.Image | null = null;
  const pdf = new mupdf.PDFDocument();
  try {
    return pageWithImage(
      pdf,
      () => {
        image = new mupdf.Image(input);
        if (image.getWidth() !== width || image.getHeight() !== height) throw new Error('size differs from the header');
        return pdf.addImage(image);
      },
      width,
      height,
      orientation,
    );
  } finally {
    (image as mupdf.Image | null)?.destroy();
    pdf.destroy();
  }
}

function pageWithImage(
  pdf: mupdf.PDFDocument,
  addImage: () => mupdf.PDFObject,
  width: number,
  height: number,
  orientation: number,
): Uint8Array {
  let imageRef: mupdf.PDFObject;
  try {
    imageRef = addImage();
  } catch (err) {
    if (err instanceof ConvertError) throw err;
    // Past the heap cap the worker reports "too complex" itself (pdf-worker.ts); anything else is a damaged file.
    throw new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage);
  }
  const turned = orientation >= 5 && orientation <= 8;
  const shownW = turned ? height : width;
  const shownH = turned ? width : height;
  const [pw, ph] = shownW > shownH ? [A4.h, A4.w] : [A4.w, A4.h];
  const scale = Math.min((pw - 2 * MARGIN) / shownW, (ph - 2 * MARGIN) / shownH);
  const boxW = shownW * scale;
  const boxH = shownH * scale;
  const bx = (pw - boxW) / 2;
  const by = (ph - boxH) / 2;
  // The stored image drawn at (x, y), turned by `deg` about that corner: the photo as it is shown fills the box.
  const dw = width * scale;
  const dh = height * scale;
  const [x, y, deg] =
    orientation === 6 || orientation === 5
      ? [bx, by + dw, -90]
      : orientation === 8 || orientation === 7
        ? [bx + dh, by, 90]
        : orientation === 3 || orientation === 4
          ? [bx + dw, by + dh, 180]
          : [bx, by, 0];
  const r = (deg * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(r)), Math.round(Math.sin(r))];
  const matrix = [dw * cos, dw * sin, -dh * sin, dh * cos, x, y].map(n).join(' ');
  const resources = pdf.addObject({ XObject: { Im0: imageRef } });
  const page = pdf.addPage([0, 0, pw, ph], 0, resources, `q ${matrix} cm /Im0 Do Q`);
  pdf.insertPage(-1, page);
  const saved = pdf.saveToBuffer('compress');
  try {
    return new Uint8Array(saved.asUint8Array());
  } finally {
    saved.destroy();
  }
}

/** The worker's job: the photo at `path` made into the PDF at `outPath`. */
export function imageFileToPdf(path: string, outPath: string, kind: 'jpeg' | 'png'): { width: number; height: number } {
  const bytes = fs.readFileSync(path);
  const pdf = imageToPdf(bytes, kind);
  fs.writeFileSync(outPath, pdf);
  const info = kind === 'jpeg' ? jpegInfo(bytes) : pngInfo(bytes);
  return { width: info.width, height: info.height };
}
