/**
 * PWG Raster (PWG 5102.4, `image/pwg-raster`): the page format every IPP Everywhere printer must take. A stream is the
 * sync word `RaS2`, then per page a 1796-byte header (big-endian; the CUPS page header v2 layout with PWG's
 * meanings) and the page's lines, compressed: each line starts with its repeat count − 1 (identical lines are sent
 * once), then runs of pixels: a byte 0–127 repeats the next pixel that many + 1 times, a byte 129–255 is followed by
 * 257 − byte literal pixels. Only 8-bit sGray and sRGB are written (what the agent renders); the decoder here reads
 * what this writes, for the tests and for `--probe`.
 */

export const PWG_SYNC = Buffer.from('RaS2', 'ascii');
export const PWG_HEADER_BYTES = 1796;

/** cupsColorSpace values PWG uses. */
export const PWG_COLOR_SPACE = { sgray: 18, srgb: 19 } as const;
export type PwgColorSpace = keyof typeof PWG_COLOR_SPACE;

export interface PwgPage {
  /** Dots per inch, both ways. */
  resolution: number;
  width: number;
  height: number;
  colorSpace: PwgColorSpace;
  /** Media size in points (1/72 inch), as PWG's PageSize. */
  pageSizePoints: [number, number];
  /** PWG self-describing media name, e.g. iso_a4_210x297mm. */
  mediaName?: string;
  /** IPP media-type keyword, e.g. stationery. */
  mediaType?: string;
  duplex: boolean;
  tumble: boolean;
  /** Pages in the whole job (0 when not known). */
  totalPageCount: number;
  /** −1 when the page was mirrored across the feed direction (a back side; pwg-raster-document-sheet-back). */
  crossFeedTransform: 1 | -1;
  /** −1 when the page was mirrored along the feed direction. */
  feedTransform: 1 | -1;
  /** 3 draft, 4 normal, 5 high; 0 printer default. */
  printQuality?: 0 | 3 | 4 | 5;
}

const bytesPerPixel = (cs: PwgColorSpace) => (cs === 'srgb' ? 3 : 1);

function putString(buf: Buffer, offset: number, text: string) {
  buf.write(text.slice(0, 63), offset, 'ascii');
}

/** The 1796-byte page header. */
export function pwgPageHeader(p: PwgPage): Buffer {
  const h = Buffer.alloc(PWG_HEADER_BYTES);
  const u32 = (offset: number, value: number) => h.writeUInt32BE(value >>> 0, offset);
  const bpp = bytesPerPixel(p.colorSpace);
  putString(h, 0, 'PwgRaster'); // MediaClass
  putString(h, 128, p.mediaType ?? ''); // MediaType
  u32(272, p.duplex ? 1 : 0); // Duplex
  u32(276, p.resolution); // HWResolution
  u32(280, p.resolution);
  u32(340, 1); // NumCopies: copies are in the pages (decision 014)
  u32(352, Math.round(p.pageSizePoints[0])); // PageSize
  u32(356, Math.round(p.pageSizePoints[1]));
  u32(368, p.tumble ? 1 : 0); // Tumble
  u32(372, p.width); // cupsWidth
  u32(376, p.height); // cupsHeight
  u32(384, 8); // cupsBitsPerColor
  u32(388, 8 * bpp); // cupsBitsPerPixel
  u32(392, p.width * bpp); // cupsBytesPerLine
  u32(396, 0); // cupsColorOrder: chunky
  u32(400, PWG_COLOR_SPACE[p.colorSpace]); // cupsColorSpace
  u32(420, bpp); // cupsNumColors
  u32(452, p.totalPageCount); // cupsInteger[0] TotalPageCount
  u32(456, p.crossFeedTransform === -1 ? 0xffffffff : 1); // cupsInteger[1] CrossFeedTransform
  u32(460, p.feedTransform === -1 ? 0xffffffff : 1); // cupsInteger[2] FeedTransform
  u32(464, 0); // cupsInteger[3..6] ImageBox: the whole page
  u32(468, 0);
  u32(472, p.width);
  u32(476, p.height);
  u32(480, 0xffffff); // cupsInteger[7] AlternatePrimary: white
  u32(484, p.printQuality ?? 0); // cupsInteger[8] PrintQuality
  putString(h, 1668, 'perceptual'); // cupsRenderingIntent
  putString(h, 1732, p.mediaName ?? ''); // cupsPageSizeName
  return h;
}

/**
 * Compresses one page's pixels (rows of `width` pixels, `bpp` bytes each, `stride` bytes apart) as PWG lines.
 * Returns the chunks to write after the page header.
 */
export function encodePwgLines(
  pixels: Uint8Array,
  width: number,
  height: number,
  bpp: number,
  stride = width * bpp,
): Buffer[] {
  const out: Buffer[] = [];
  // Worst case per line: the repeat byte, then a control byte per 128 pixels plus every pixel.
  const scratch = Buffer.alloc(1 + Math.ceil(width / 128) * 2 + width * bpp + 8);
  const samePixel = (a: number, b: number) => {
    for (let k = 0; k < bpp; k++) if (pixels[a + k] !== pixels[b + k]) return false;
    return true;
  };
  const sameRow = (a: number, b: number) => {
    const rowBytes = width * bpp;
    for (let k = 0; k < rowBytes; k++) if (pixels[a + k] !== pixels[b + k]) return false;
    return true;
  };
  let y = 0;
  while (y < height) {
    const row = y * stride;
    let repeat = 1;
    while (repeat < 256 && y + repeat < height && sameRow(row, (y + repeat) * stride)) repeat++;
    let n = 0;
    scratch[n++] = repeat - 1;
    let x = 0;
    while (x < width) {
      const at = row + x * bpp;
      let run = 1;
      while (run < 128 && x + run < width && samePixel(at, at + run * bpp)) run++;
      if (run > 1 || x === width - 1) {
        scratch[n++] = run - 1;
        for (let k = 0; k < bpp; k++) scratch[n++] = pixels[at + k]!;
        x += run;
        continue;
      }
      // Literal pixels up to the next pair of equal ones (or 128, or the line's end).
      let count = 1;
      while (count < 128 && x + count < width) {
        const next = row + (x + count) * bpp;
        if (x + count + 1 < width && samePixel(next, next + bpp)) break;
        count++;
      }
      if (count === 1) {
        scratch[n++] = 0;
        for (let k = 0; k < bpp; k++) scratch[n++] = pixels[at + k]!;
      } else {
        scratch[n++] = 257 - count;
        for (let i = 0; i < count * bpp; i++) scratch[n++] = pixels[at + i]!;
      }
      x += count;
    }
    out.push(Buffer.from(scratch.subarray(0, n)));
    y += repeat;
  }
  return out;
}

/** A decoded page, as the tests and --probe read it back. */
export interface DecodedPwgPage {
  header: {
    mediaClass: string;
    duplex: boolean;
    tumble: boolean;
    resolution: [number, number];
    pageSizePoints: [number, number];
    width: number;
    height: number;
    bitsPerPixel: number;
    colorSpace: number;
    numColors: number;
    totalPageCount: number;
    crossFeedTransform: number;
    feedTransform: number;
    numCopies: number;
    pageSizeName: string;
  };
  pixels: Buffer;
}

const cString = (buf: Buffer, offset: number) => {
  const end = buf.indexOf(0, offset);
  return buf.toString('ascii', offset, end === -1 || end > offset + 64 ? offset + 64 : end);
};

/** Reads a PWG raster stream (8-bit chunky pages) back into headers and pixels; throws on anything malformed. */
export function decodePwgRaster(data: Buffer): DecodedPwgPage[] {
  if (data.length < 4 || !data.subarray(0, 4).equals(PWG_SYNC))
    throw new Error('not a PWG raster stream (no RaS2 sync word)');
  const pages: DecodedPwgPage[] = [];
  let pos = 4;
  while (pos < data.length) {
    if (pos + PWG_HEADER_BYTES > data.length) throw new Error(`page ${pages.length + 1}: header cut short`);
    const h = data.subarray(pos, pos + PWG_HEADER_BYTES);
    pos += PWG_HEADER_BYTES;
    const i32 = (offset: number) => h.readInt32BE(offset);
    const u32 = (offset: number) => h.readUInt32BE(offset);
    const header = {
      mediaClass: cString(h, 0),
      duplex: u32(272) === 1,
      tumble: u32(368) === 1,
      resolution: [u32(276), u32(280)] as [number, number],
      pageSizePoints: [u32(352), u32(356)] as [number, number],
      width: u32(372),
      height: u32(376),
      bitsPerPixel: u32(388),
      colorSpace: u32(400),
      numColors: u32(420),
      totalPageCount: u32(452),
      crossFeedTransform: i32(456),
      feedTransform: i32(460),
      numCopies: u32(340),
      pageSizeName: cString(h, 1732),
    };
    if (u32(384) !== 8 || (header.bitsPerPixel !== 8 && header.bitsPerPixel !== 24))
      throw new Error(`page ${pages.length + 1}: only 8-bit gray or RGB is read here`);
    if (u32(392) !== (header.width * header.bitsPerPixel) / 8)
      throw new Error(`page ${pages.length + 1}: bytes per line do not match the width`);
    const bpp = header.bitsPerPixel / 8;
    const rowBytes = header.width * bpp;
    const pixels = Buffer.alloc(rowBytes * header.height);
    let y = 0;
    while (y < header.height) {
      if (pos >= data.length) throw new Error(`page ${pages.length + 1}: lines cut short at line ${y}`);
      const repeat = data[pos++]! + 1;
      const line = Buffer.alloc(rowBytes);
      let x = 0;
      while (x < rowBytes) {
        if (pos >= data.length) throw new Error(`page ${pages.length + 1}: line ${y} cut short`);
        const control = data[pos++]!;
        if (control === 128) {
          line.fill(0xff, x);
          x = rowBytes;
        } else if (control < 128) {
          const count = control + 1;
          if (pos + bpp > data.length) throw new Error(`page ${pages.length + 1}: line ${y} cut short`);
          if (x + count * bpp > rowBytes) throw new Error(`page ${pages.length + 1}: line ${y} runs past its end`);
          // The pixel repeated byte by byte (a Buffer.copy per pixel was most of a page's decoding).
          if (bpp === 1) line.fill(data[pos]!, x, x + count);
          else for (let i = 0, end = count * bpp; i < end; i++) line[x + i] = data[pos + (i % bpp)]!;
          pos += bpp;
          x += count * bpp;
        } else {
          const bytes = (257 - control) * bpp;
          if (x + bytes > rowBytes) throw new Error(`page ${pages.length + 1}: line ${y} runs past its end`);
          if (pos + bytes > data.length) throw new Error(`page ${pages.length + 1}: line ${y} cut short`);
          data.copy(line, x, pos, pos + bytes);
          pos += bytes;
          x += bytes;
        }
      }
      for (let r = 0; r < repeat && y < header.height; r++, y++) line.copy(pixels, y * rowBytes);
    }
    pages.push({ header, pixels });
  }
  return pages;
}
