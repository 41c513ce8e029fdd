import zlib from 'node:zlib';
import { addPages, helvetica, PdfWriter, refs, stream } from './pdf-writer.ts';

/**
 * Hostile and damaged PDFs, made on the fly (nothing big is committed): page trees that lie about their /Count,
 * loop or nest too deep, a million pages, a content stream that inflates to gigabytes, scripts and launch actions.
 * Each is a function so other suites (and the bench) can reuse them.
 */

const A4 = '[0 0 595 842]';
const A3 = '[0 0 842 1191]';

export interface PagedOptions {
  pages: number;
  /** Pages per inner node: with fewer pages than this the root holds them all. */
  fanout?: number;
  /** What the root's /Count says (default: the truth). */
  rootCount?: number;
  /** What inner node `i` says, given how many pages it really holds (default: the truth). */
  innerCount?: (i: number, holds: number) => number;
  /** Added to the catalog, each page and the root node. */
  catalogExtra?: string;
  pageExtra?: string;
  rootExtra?: string;
  /** Objects the extras refer to, written before the tree (their numbers are passed to the extras' builder). */
  before?: (w: PdfWriter) => void;
}

/** Real pages (text on each) in a flat or two-level tree whose counts may lie. */
export function pagedPdf(opts: PagedOptions): Buffer {
  const w = new PdfWriter();
  const catalog = w.reserve();
  const root = w.reserve();
  opts.before?.(w);
  const font = helvetica(w);
  const fanout = opts.fanout ?? Number.POSITIVE_INFINITY;
  const groups = opts.pages > fanout ? Math.ceil(opts.pages / fanout) : 0;
  const inner = Array.from({ length: groups }, () => w.reserve());
  const pages = addPages(
    w,
    opts.pages,
    (i) => (groups ? inner[Math.floor(i / fanout)]! : root),
    font,
    opts.pageExtra ?? '',
  );
  inner.forEach((num, g) => {
    const kids = pages.slice(g * fanout, (g + 1) * fanout);
    w.set(
      num,
      `<</Type/Pages/Parent ${root} 0 R/Kids[${refs(kids)}]/Count ${opts.innerCount?.(g, kids.length) ?? kids.length}>>`,
    );
  });
  const top = groups ? inner : pages;
  w.set(
    root,
    `<</Type/Pages/Kids[${refs(top)}]/Count ${opts.rootCount ?? opts.pages}/MediaBox ${A4}${opts.rootExtra ?? ''}>>`,
  );
  w.set(catalog, `<</Type/Catalog/Pages ${root} 0 R${opts.catalogExtra ?? ''}>>`);
  return w.toBuffer(catalog);
}

/** A tree built by hand: `kids(w, root, font)` writes the root's kids and returns the root's /Kids and /Count. */
function handTree(kids: (w: PdfWriter, root: number, font: number) => { kids: string; count: number }): Buffer {
  const w = new PdfWriter();
  const catalog = w.reserve();
  const root = w.reserve();
  const font = helvetica(w);
  const made = kids(w, root, font);
  w.set(root, `<</Type/Pages/Kids[${made.kids}]/Count ${made.count}/MediaBox ${A4}>>`);
  w.set(catalog, `<</Type/Catalog/Pages ${root} 0 R>>`);
  return w.toBuffer(catalog);
}

/** An inner node lists the root among its kids: a walker without a guard never ends. */
export const cyclicTreePdf = () =>
  handTree((w, root, font) => {
    const inner = w.reserve();
    const [page] = addPages(w, 1, () => inner, font);
    w.set(inner, `<</Type/Pages/Parent ${root} 0 R/Kids[${page} 0 R ${root} 0 R]/Count 2>>`);
    return { kids: `${inner} 0 R`, count: 2 };
  });

/** Kids that are not page dictionaries: a number, a reference to a string, a font. */
export const nonDictKidsPdf = () =>
  handTree((w, root, font) => {
    const pages = addPages(w, 2, () => root, font);
    const text = w.add('(not a page)');
    return { kids: `${pages[0]} 0 R 42 ${text} 0 R ${font} 0 R ${pages[1]} 0 R`, count: 5 };
  });

/** One page at the bottom of a chain of `depth` inner nodes, every count right. */
export const deepTreePdf = (depth: number) =>
  handTree((w, root, font) => {
    const chain = Array.from({ length: depth }, () => w.reserve());
    const [page] = addPages(w, 1, () => chain.at(-1)!, font);
    chain.forEach((num, i) =>
      w.set(
        num,
        `<</Type/Pages/Parent ${i ? chain[i - 1] : root} 0 R/Kids[${i + 1 < depth ? chain[i + 1] : page} 0 R]/Count 1>>`,
      ),
    );
    return { kids: `${chain[0]} 0 R`, count: 1 };
  });

/** A page whose /Parent names another node than the one listing it (viewers would inherit from the wrong node). */
export const wrongParentPdf = () =>
  handTree((w, root, font) => {
    const other = w.add(`<</Type/Pages/Kids[]/Count 0/Rotate 90>>`);
    const [a] = addPages(w, 1, () => root, font);
    const [b] = addPages(w, 1, () => other, font);
    return { kids: `${a} 0 R ${b} 0 R`, count: 2 };
  });

/**
 * Attributes inherited along the tree: the root says A4; the first inner node rotates its 2 pages by 90°, the second
 * gives its 3 pages an A3 MediaBox and one of them its own A4 box. Printed: 2 × A4 landscape, 2 × A3, 1 × A4.
 */
export const inheritedAttributesPdf = () =>
  handTree((w, root, font) => {
    const left = w.reserve();
    const right = w.reserve();
    const l = addPages(w, 2, () => left, font);
    const r = addPages(w, 2, () => right, font);
    const own = w.add(
      `<</Type/Page/Parent ${right} 0 R/MediaBox ${A4}/Resources<</Font<</F1 ${font} 0 R>>>>/Contents ${w.add(stream('<<>>', 'BT /F1 36 Tf 72 700 Td (Page 5) Tj ET'))} 0 R>>`,
    );
    w.set(left, `<</Type/Pages/Parent ${root} 0 R/Kids[${refs(l)}]/Count 2/Rotate 90>>`);
    w.set(right, `<</Type/Pages/Parent ${root} 0 R/Kids[${refs([...r, own])}]/Count 3/MediaBox ${A3}>>`);
    return { kids: `${left} 0 R ${right} 0 R`, count: 5 };
  });

export { millionPagePdf } from './million-pages.ts';

/**
 * One page whose content stream inflates to `inflatedBytes` (default 4 GiB) of drawing operators from about a
 * thousandth of that on disk: one deflate segment of 1 MiB, ended by a full flush so it does not depend on what came
 * before, repeated; then the final block and the zlib checksum of the whole.
 */
export function inflateBombPdf(
  inflatedBytes = 4 * 2 ** 30,
  extra: { page?: string; catalog?: string; objects?: (w: PdfWriter) => void } = {},
): Buffer {
  const UNIT = 2 ** 20;
  // 'q Q' saves and restores the graphics state: real work for a renderer. Four bytes, so each repeat is a deflate
  // match at distance 4 (no extra bits): about 1,000 to 1 (4 GiB in about 4 MB).
  const op = 'q Q\n';
  const unit = Buffer.from(op.repeat(UNIT / op.length), 'latin1');
  const segment = zlib.deflateRawSync(unit, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const repeats = Math.max(1, Math.floor(inflatedBytes / UNIT));
  const unitAdler = adler32(unit);
  let adler = 1;
  for (let i = 0; i < repeats; i++) adler = adler32Combine(adler, unitAdler, UNIT);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler >>> 0);
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: repeats }, () => segment),
    zlib.deflateRawSync(Buffer.alloc(0)),
    trailer,
  ]);
  const w = new PdfWriter();
  const catalog = w.reserve();
  const root = w.reserve();
  const content = w.add(stream('<</Filter/FlateDecode>>', data, false));
  extra.objects?.(w);
  const page = w.add(`<</Type/Page/Parent ${root} 0 R/MediaBox ${A4}/Contents ${content} 0 R${extra.page ?? ''}>>`);
  w.set(root, `<</Type/Pages/Kids[${page} 0 R]/Count 1>>`);
  w.set(catalog, `<</Type/Catalog/Pages ${root} 0 R${extra.catalog ?? ''}>>`);
  return w.toBuffer(catalog);
}

const BASE = 65521;
function adler32(buf: Buffer): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < buf.length; i++) {
    a = (a + buf[i]!) % BASE;
    b = (b + a) % BASE;
  }
  return ((b << 16) | a) >>> 0;
}
/** zlib's adler32_combine: the checksum of A followed by B from theirs and B's length. */
function adler32Combine(a1: number, a2: number, len2: number): number {
  const rem = len2 % BASE;
  let sum1 = a1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (a2 & 0xffff) + BASE - 1;
  sum2 += ((a1 >>> 16) & 0xffff) + ((a2 >>> 16) & 0xffff) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
