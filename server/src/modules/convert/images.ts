import { FORMAT_MESSAGES, IMAGE_SIZE_MESSAGES } from '@shop/shared/files/formats';
import { ConvertError } from './convert-error.ts';

/**
 * What a photo is, from its headers alone (no pixel decoded): size, EXIF turn, and for a PNG what decoding it would
 * cost. Pure functions: the PDF worker runs them before mupdf decodes anything (image-to-pdf.ts), and the office
 * check runs them on pictures inside documents (office-prepare.ts).
 */

/** JPEGs are embedded as they are (never decoded to make the page); mupdf decodes them later at a reduced scale. */
export const MAX_JPEG_PIXELS = 50_000_000;

/**
 * What decoding a PNG may cost, in bytes: its inflated image data plus twice the decoded picture at 8 bits a sample
 * (mupdf keeps the picture and compresses a copy of it into the page; measured: a 3000 × 2000 RGB PNG grew mupdf's
 * heap to 63 MB, 18 + 2 × 18 = 54 MB counted here; a 5000 × 5000 16-bit RGB one to 310 MB, 150 + 2 × 75 = 300
 * counted). Set from the PDF worker's heap cap (pdf-reader.ts) with room for mupdf itself: 96 of 128 MB. That
 * takes a 300 dpi A4 colour scan (2480 × 3508, 8.7 megapixels: 26 + 52 = 78 MB) and any phone screenshot.
 */
export const PNG_DECODE_BUDGET_BYTES = 96 * 1024 * 1024;

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
    if (marker === 0xe1 && view.toString('latin1', p + 4, p + 10) === 'Exif\0\0')
      orientation = exifOrientation(view.subarray(p + 10, p + 2 + len));
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (p + 9 > view.length) break;
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

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
  /** Samples a pixel holds as stored (palette: 1) and once decoded at 8 bits (palette: RGB; alpha and tRNS add one). */
  storedChannels: number;
  decodedChannels: number;
  /** The image data's size once inflated, as the header declares it (filter bytes and Adam7 passes included). */
  inflatedBytes: number;
  /** The picture decoded at 8 bits a sample. */
  decodedBytes: number;
  /** What decoding it costs, counted against PNG_DECODE_BUDGET_BYTES. */
  decodeCost: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const STORED_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const VALID_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Bytes of one pass's rows: a filter byte per row plus the packed samples. */
const rowsBytes = (w: number, h: number, bitsPerPixel: number) =>
  w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8));

/**
 * A PNG's header read and what decoding it costs, before anything is inflated: width × height, bit depth, colour
 * type, alpha (and a tRNS chunk, which adds alpha), interlacing. Throws "could not be read" for a file that is not
 * a well-formed PNG header.
 */
export function pngInfo(b: Uint8Array): PngInfo {
  const view = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const broken = () => new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage);
  if (
    view.length < 33 ||
    !view.subarray(0, 8).equals(PNG_SIGNATURE) ||
    view.toString('latin1', 12, 16) !== 'IHDR' ||
    view.readUInt32BE(8) !== 13
  )
    throw broken();
  const width = view.readUInt32BE(16);
  const height = view.readUInt32BE(20);
  const bitDepth = view[24]!;
  const colourType = view[25]!;
  const interlaced = view[28] === 1;
  if (
    !width ||
    !height ||
    width > 0x7fffffff ||
    height > 0x7fffffff ||
    !VALID_DEPTHS[colourType]?.includes(bitDepth) ||
    view[26] !== 0 ||
    view[27] !== 0 ||
    view[28]! > 1
  )
    throw broken();
  // A tRNS chunk (before the image data) gives a grey, RGB or palette image an alpha channel once decoded.
  let hasTrns = false;
  for (let p = 33; p + 8 <= view.length; ) {
    const len = view.readUInt32BE(p);
    const type = view.toString('latin1', p + 4, p + 8);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'tRNS') hasTrns = true;
    p += 12 + len;
  }
  const storedChannels = STORED_CHANNELS[colourType]!;
  const decodedChannels =
    (colourType === 3 ? 3 : colourType === 4 ? 2 : colourType === 6 ? 4 : storedChannels) +
    (hasTrns && (colourType === 0 || colourType === 2 || colourType === 3) ? 1 : 0);
  const bpp = storedChannels * bitDepth;
  let inflatedBytes: number;
  if (interlaced) {
    // Adam7: seven passes over sub-grids of the image.
    const passes: Array<[number, number, number, number]> = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ];
    inflatedBytes = passes.reduce(
      (sum, [x0, y0, dx, dy]) => sum + rowsBytes(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy), bpp),
      0,
    );
  } else inflatedBytes = rowsBytes(width, height, bpp);
  const decodedBytes = width * height * decodedChannels;
  return {
    width,
    height,
    bitDepth,
    colourType,
    interlaced,
    storedChannels,
    decodedChannels,
    inflatedBytes,
    decodedBytes,
    decodeCost: inflatedBytes + 2 * decodedBytes,
  };
}

/** A picture's size as the customer is told it: "6000 × 5000 px, 30 MP, 16-bit". */
export function imageSize(info: { width: number; height: number; bitDepth?: number }): string {
  const mp = (info.width * info.height) / 1e6;
  return `${info.width} × ${info.height} px, ${mp >= 10 ? mp.toFixed(0) : mp.toFixed(1)} MP${info.bitDepth === 16 ? ', 16-bit' : ''}`;
}

/** Refuses a PNG whose decoding would pass the budget, before a byte of it is inflated. */
export function checkPngBudget(info: PngInfo, budget = PNG_DECODE_BUDGET_BYTES): void {
  if (info.decodeCost > budget)
    throw new ConvertError('image_too_large', IMAGE_SIZE_MESSAGES.imageTooLarge(imageSize(info)));
}

/** Refuses a JPEG over the pixel limit (it is embedded as it is, so only its pixel count matters). */
export function checkJpegSize(info: { width: number; height: number }): void {
  if (!info.width || !info.height) throw new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage);
  if (info.width * info.height > MAX_JPEG_PIXELS)
    throw new ConvertError('image_too_large', IMAGE_SIZE_MESSAGES.imageTooLarge(imageSize(info)));
}
