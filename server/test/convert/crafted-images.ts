import zlib from 'node:zlib';

/**
 * PNG files made on the fly for the photo tests and the bench (nothing big is committed): honest PNGs of any size,
 * colour type and bit depth, and decompression bombs whose image data inflates far past what the header declares.
 */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Samples per pixel of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface PngOptions {
  width: number;
  height: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colourType?: 0 | 2 | 3 | 4 | 6;
  bitDepth?: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  /** One byte value for every sample (0 black), a colour for every pixel (8-bit RGB), or rows of noise. */
  fill?: number | 'noise' | [number, number, number];
}

function ihdr(
  o: Required<Pick<PngOptions, 'width' | 'height' | 'colourType' | 'bitDepth'>> & { interlaced?: boolean },
): Buffer {
  const b = Buffer.alloc(13);
  b.writeUInt32BE(o.width, 0);
  b.writeUInt32BE(o.height, 4);
  b[8] = o.bitDepth;
  b[9] = o.colourType;
  b[12] = o.interlaced ? 1 : 0;
  return chunk('IHDR', b);
}

function palette(colourType: number): Buffer[] {
  return colourType === 3 ? [chunk('PLTE', Buffer.from([0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]))] : [];
}

/** An honest PNG: the image data inflates to exactly what the header declares (filter byte 0 on every row). */
export function makePng(o: PngOptions): Buffer {
  const colourType = o.colourType ?? 2;
  const bitDepth = o.bitDepth ?? 8;
  const rowBytes = Math.ceil((o.width * CHANNELS[colourType]! * bitDepth) / 8);
  if (o.interlaced) throw new Error('makePng writes non-interlaced images only');
  const row = Buffer.alloc(1 + rowBytes, typeof o.fill === 'number' ? o.fill : 0);
  if (Array.isArray(o.fill)) for (let i = 1; i < row.length; i++) row[i] = o.fill[(i - 1) % 3]!;
  row[0] = 0;
  // Streamed row by row through a sync flush so a large image never needs its whole raw data in memory.
  const parts: Buffer[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = (final: boolean) => {
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    parts.push(
      zlib.deflateRawSync(data, {
        level: 6,
        finishFlush: final ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH,
      }),
    );
  };
  let adlerA = 1;
  let adlerB = 0;
  // xorshift32: the same noise every time, as incompressible as a photo's grain.
  let seed = 0x9e3779b9;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed & 0xff;
  };
  for (let y = 0; y < o.height; y++) {
    let r = row;
    if (o.fill === 'noise') {
      r = Buffer.alloc(1 + rowBytes);
      for (let i = 1; i < r.length; i++) r[i] = random();
    }
    for (let i = 0; i < r.length; i++) {
      adlerA = (adlerA + r[i]!) % 65521;
      adlerB = (adlerB + adlerA) % 65521;
    }
    pending.push(Buffer.from(r));
    pendingBytes += r.length;
    if (pendingBytes > 8 * 1024 * 1024) flush(false);
  }
  flush(true);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((adlerB << 16) | adlerA) >>> 0, 0);
  const zdata = Buffer.concat([Buffer.from([0x78, 0x9c]), ...parts, adler]);
  return Buffer.concat([
    SIGNATURE,
    ihdr({ width: o.width, height: o.height, colourType, bitDepth }),
    ...palette(colourType),
    idatChunks(zdata),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Image data split into IDAT chunks of 1 MB, as encoders do. */
function idatChunks(zdata: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (let p = 0; p < zdata.length; p += 1024 * 1024) chunks.push(chunk('IDAT', zdata.subarray(p, p + 1024 * 1024)));
  return Buffer.concat(chunks);
}

/**
 * The bomb: a PNG whose header declares `width` × `height` (8-bit RGB) but whose image data inflates to
 * `inflatesTo` bytes of zeros (2 GB from about 2 MB). Made without ever holding the inflated bytes: one
 * fully-flushed deflate block of 64 MB of zeros, repeated (no back-reference crosses a full flush).
 */
export function pngInflateBomb(o: { width: number; height: number; inflatesTo: number }): Buffer {
  const piece = 64 * 1024 * 1024;
  const block = zlib.deflateRawSync(Buffer.alloc(piece), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const repeats = Math.max(1, Math.round(o.inflatesTo / piece));
  const total = repeats * piece;
  const end = zlib.deflateRawSync(Buffer.alloc(0), { finishFlush: zlib.constants.Z_FINISH });
  // Adler-32 of `total` zero bytes: A stays 1, B grows by one each byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((total % 65521 << 16) | 1) >>> 0, 0);
  const zdata = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: repeats }, () => block), end, adler]);
  return Buffer.concat([
    SIGNATURE,
    ihdr({ width: o.width, height: o.height, colourType: 2, bitDepth: 8 }),
    idatChunks(zdata),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
