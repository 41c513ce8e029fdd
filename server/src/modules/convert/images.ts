import { degrees, PDFDocument } from 'pdf-lib';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { ConvertError } from './convert-error.ts';

/** A4 in points, and a 10 mm margin: a photo of a document or an ID card fits the page and keeps its shape. */
const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 28.35;
/** JPEGs are embedded as they are (not decoded); PNGs are decoded in memory, so they are held to less. */
const MAX_JPEG_PIXELS = 50_000_000;
const MAX_PNG_PIXELS = 25_000_000;

interface JpegInfo {
  width: number;
  height: number;
  /** EXIF Orientation: 1 upright, 3 upside down, 6 turned right (90° clockwise to show), 8 turned left. */
  orientation: number;
}

/** Size and EXIF orientation of a JPEG, from its markers (no decoding). */
export function jpegInfo(b: Uint8Array): JpegInfo {
  const view = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  let orientation = 1;
  let p = 2;
  while (p + 4 <= view.length && view[p] === 0xff) {
    const marker = view[p + 1]!;
    const len = view.readUInt16BE(p + 2);
    if (marker === 0xe1 && view.toString('latin1', p + 4, p + 10) === 'Exif\0\0') orientation = exifOrientation(view.subarray(p + 10, p + 2 + len));
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.readUInt16BE(p + 5), width: view.readUInt16BE(p + 7), orientation };
    }
    p += 2 + len;
  }
  throw new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage);
}

function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const n = u16(ifd);
  for (let i = 0; i < n && ifd + 2 + i * 12 + 12 <= tiff.length; i++) {
    const e = ifd + 2 + i * 12;
    if (u16(e) === 0x0112) return u16(e + 8);
  }
  return 1;
}

/**
 * A photo as one PDF page (issue 12, item 5): A4, portrait or landscape as the photo is shown (EXIF rotation
 * honoured: phones store turned JPEGs with an Orientation tag), fitted within 10 mm margins and centred.
 */
export async function imageToPdf(input: Uint8Array, kind: 'jpeg' | 'png'): Promise<Uint8Array> {
  // A copy of its own: pdf-lib reads the whole underlying buffer, and small Node buffers share a pool.
  const bytes = new Uint8Array(input);
  const pdf = await PDFDocument.create();
  let width: number;
  let height: number;
  let orientation = 1;
  if (kind === 'jpeg') {
    const info = jpegInfo(bytes);
    ({ width, height, orientation } = info);
    if (width * height > MAX_JPEG_PIXELS) throw new ConvertError('image_too_large', FORMAT_MESSAGES.imageTooLarge);
  } else {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.length < 24) throw new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage);
    width = view.readUInt32BE(16);
    height = view.readUInt32BE(20);
    if (width * height > MAX_PNG_PIXELS) throw new ConvertError('image_too_large', FORMAT_MESSAGES.imageTooLarge);
  }
  if (!width || !height) throw new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage);
  let image;
  try {
    image = kind === 'jpeg' ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
  } catch {
    throw new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage);
  }
  const turned = orientation >= 5 && orientation <= 8;
  const shownW = turned ? height : width;
  const shownH = turned ? width : height;
  const page = shownW > shownH ? pdf.addPage([A4.h, A4.w]) : pdf.addPage([A4.w, A4.h]);
  const { width: pw, height: ph } = page.getSize();
  const scale = Math.min((pw - 2 * MARGIN) / shownW, (ph - 2 * MARGIN) / shownH);
  const boxW = shownW * scale;
  const boxH = shownH * scale;
  const bx = (pw - boxW) / 2;
  const by = (ph - boxH) / 2;
  // Drawn size of the stored image; the rotation turns it into the box.
  const dw = width * scale;
  const dh = height * scale;
  if (orientation === 6 || orientation === 5) page.drawImage(image, { x: bx, y: by + dw, width: dw, height: dh, rotate: degrees(-90) });
  else if (orientation === 8 || orientation === 7) page.drawImage(image, { x: bx + dh, y: by, width: dw, height: dh, rotate: degrees(90) });
  else if (orientation === 3 || orientation === 4) page.drawImage(image, { x: bx + dw, y: by + dh, width: dw, height: dh, rotate: degrees(180) });
  else page.drawImage(image, { x: bx, y: by, width: dw, height: dh });
  return pdf.save();
}
