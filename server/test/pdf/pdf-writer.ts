import zlib from 'node:zlib';
import { classicPdf } from '../../../scripts/test-pdfs/raw-pdf.ts';

/**
 * A tiny PDF writer for crafted test files: objects are written exactly as given (so a file can lie about its
 * page count, loop its page tree or carry scripts), with a correct cross-reference table. Not for real documents.
 */

export type Body = string | Buffer;

/** A stream object: the dictionary (without /Length) and its data, deflated when `compress` (default). */
export function stream(dict: string, data: Buffer | string, compress = true): Buffer {
  const raw = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const bytes = compress ? zlib.deflateSync(raw) : raw;
  const inner = dict.replace(/^<<|>>$/g, '');
  const filter = compress ? '/Filter/FlateDecode' : '';
  return Buffer.concat([
    Buffer.from(`<<${inner}${filter}/Length ${bytes.length}>>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

export class PdfWriter {
  private readonly bodies: Array<Body | null> = [];

  /** A new object number, to be set later (for references made before the object exists). */
  reserve(): number {
    this.bodies.push(null);
    return this.bodies.length;
  }

  set(num: number, body: Body): number {
    this.bodies[num - 1] = body;
    return num;
  }

  add(body: Body): number {
    return this.set(this.reserve(), body);
  }

  /** The whole file with a classic xref table; `trailerExtra` goes into the trailer dictionary (e.g. /Info). */
  toBuffer(rootNum: number, trailerExtra = ''): Buffer {
    const objects = this.bodies.map((body, i) =>
      Buffer.concat([
        Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
        typeof body === 'string' ? Buffer.from(body, 'latin1') : (body ?? Buffer.from('null')),
        Buffer.from('\nendobj\n', 'latin1'),
      ]),
    );
    return classicPdf('1.7', objects, ` /Root ${rootNum} 0 R${trailerExtra}`);
  }
}

/** A page's content: its number in large type, so a copy can be checked to print the same text. */
export const pageText = (n: number) => `BT /F1 36 Tf 72 700 Td (Page ${n}) Tj ET`;

/**
 * Writes `count` pages (each with its text) and returns their object numbers; the caller builds the tree. Every page
 * points at `parentOf(i)` (its /Parent) and uses font `fontNum`.
 */
export function addPages(
  w: PdfWriter,
  count: number,
  parentOf: (i: number) => number,
  fontNum: number,
  pageExtra = '',
): number[] {
  const nums: number[] = [];
  for (let i = 0; i < count; i++) {
    const content = w.add(stream('<<>>', pageText(i + 1)));
    nums.push(
      w.add(
        `<</Type/Page/Parent ${parentOf(i)} 0 R/Resources<</Font<</F1 ${fontNum} 0 R>>>>/Contents ${content} 0 R${pageExtra}>>`,
      ),
    );
  }
  return nums;
}

export const helvetica = (w: PdfWriter) => w.add('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>');
export const refs = (nums: number[]) => nums.map((n) => `${n} 0 R`).join(' ');
