import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { classicPdf, pdfHeader } from './raw-pdf.ts';

/**
 * A small, dependency-free PDF writer for test files: pages of text in Helvetica, optionally a grey noise picture
 * (a "scan", to give a file its size) and link annotations (as manuals have), a balanced page tree, a classic
 * cross-reference table or PDF 1.5 object streams with a cross-reference stream. Same input, same bytes.
 */

export interface PageSpec {
  width: number;
  height: number;
  rotate?: 0 | 90 | 180 | 270;
  /** Text lines from the top-left margin down, ASCII. */
  lines: string[];
  /** A grey noise picture of about this many bytes (incompressible, so the file's size is predictable). */
  imageBytes?: number;
  /** Link annotations, each with its own action object (real manuals carry many small objects per page). */
  links?: number;
}

export interface PdfOptions {
  /** Deflate the streams (default true). */
  compress?: boolean;
  /** Dictionaries in object streams and a cross-reference stream (PDF 1.5), as qpdf and modern writers make. */
  objectStreams?: boolean;
  title?: string;
  /** Seeds the noise pictures. */
  seed?: number;
}

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same file. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type PdfObject = { dict: string } | { dict: string; data: Buffer };
const isStream = (o: PdfObject): o is { dict: string; data: Buffer } => 'data' in o;

const FAN_OUT = 10;
const escapeText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

export function buildPdf(pages: PageSpec[], opts: PdfOptions = {}): Buffer {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const compress = opts.compress ?? true;
  const objectStreams = opts.objectStreams ?? false;
  const random = seededRandom(opts.seed ?? 1);
  const objects: PdfObject[] = [];
  const add = (o: PdfObject) => objects.push(o);
  const reserve = () => objects.push({ dict: '' });
  const stream = (dict: string, raw: Buffer): PdfObject =>
    compress ? { dict: `${dict} /Filter /FlateDecode`, data: zlib.deflateSync(raw) } : { dict, data: raw };

  reserve(); // 1: catalog
  reserve(); // 2: page tree root
  add({ dict: '/Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding' }); // 3
  add({ dict: `/Title (${escapeText(opts.title ?? 'Test document')}) /Producer (print-shop scripts/test-pdfs)` }); // 4
  objects[0] = { dict: '/Type /Catalog /Pages 2 0 R' };

  // Page objects first get a placeholder parent, filled in once the tree above them is numbered.
  const leaves: number[] = [];
  const pageDicts = new Map<number, (parent: number) => string>();
  for (const p of pages) {
    const resources: string[] = ['/Font << /F1 3 0 R >>'];
    const ops: string[] = ['BT', '/F1 11 Tf', '14 TL', `56 ${p.height - 64} Td`];
    for (const line of p.lines) ops.push(`(${escapeText(line)}) Tj T*`);
    ops.push('ET');
    if (p.imageBytes && p.imageBytes > 0) {
      const w = 256;
      const h = Math.max(1, Math.ceil(p.imageBytes / w));
      const noise = Buffer.alloc(w * h);
      for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE(Math.floor(random() * 0x100000000), i);
      add({
        dict: `/Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceGray /BitsPerComponent 8`,
        data: noise,
      });
      resources.push(`/XObject << /Im1 ${objects.length} 0 R >>`);
      ops.push(`q ${p.width - 112} 0 0 ${Math.min(200, p.height / 3)} 56 56 cm /Im1 Do Q`);
    }
    add(stream('', Buffer.from(ops.join('\n'), 'latin1')));
    const contents = objects.length;
    const annots: number[] = [];
    for (let i = 0; i < (p.links ?? 0); i++) {
      add({ dict: `/S /URI /URI (https://example.com/page/${leaves.length + 1}#${i + 1})` });
      const action = objects.length;
      const y = p.height - 78 - i * 14;
      add({ dict: `/Type /Annot /Subtype /Link /Rect [56 ${y} 200 ${y + 12}] /Border [0 0 0] /A ${action} 0 R` });
      annots.push(objects.length);
    }
    reserve();
    const num = objects.length;
    leaves.push(num);
    const rotate = p.rotate ? ` /Rotate ${p.rotate}` : '';
    const annotList = annots.length ? ` /Annots [${annots.map((n) => `${n} 0 R`).join(' ')}]` : '';
    pageDicts.set(
      num,
      (parent) =>
        `/Type /Page /Parent ${parent} 0 R /MediaBox [0 0 ${p.width} ${p.height}]${rotate} /Resources << ${resources.join(' ')} >> /Contents ${contents} 0 R${annotList}`,
    );
  }

  // A balanced page tree of at most FAN_OUT kids per node, as TeX and Ghostscript write them.
  const parentOf = new Map<number, number>();
  const kidsOf = new Map<number, number[]>();
  let level = leaves;
  while (level.length > FAN_OUT) {
    const next: number[] = [];
    for (let i = 0; i < level.length; i += FAN_OUT) {
      reserve();
      next.push(objects.length);
      kidsOf.set(objects.length, level.slice(i, i + FAN_OUT));
    }
    level = next;
  }
  kidsOf.set(2, level);
  const countOf = (node: number): number =>
    kidsOf.has(node) ? kidsOf.get(node)!.reduce((s, k) => s + countOf(k), 0) : 1;
  for (const [node, kids] of kidsOf) for (const k of kids) parentOf.set(k, node);
  for (const [node, kids] of kidsOf) {
    const parent = node === 2 ? '' : ` /Parent ${parentOf.get(node)} 0 R`;
    objects[node - 1] = {
      dict: `/Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${countOf(node)}${parent}`,
    };
  }
  for (const [num, dict] of pageDicts) objects[num - 1] = { dict: dict(parentOf.get(num)!) };

  const id = crypto
    .createHash('md5')
    .update(JSON.stringify(pages.length))
    .update(String(opts.seed ?? 1))
    .update(opts.title ?? '')
    .digest('hex');
  return objectStreams ? serializeWithObjectStreams(objects, id) : serializeClassic(objects, id);
}

function objectBytes(num: number, o: PdfObject): Buffer {
  if (!isStream(o)) return Buffer.from(`${num} 0 obj\n<< ${o.dict} >>\nendobj\n`, 'latin1');
  return Buffer.concat([
    Buffer.from(`${num} 0 obj\n<< ${o.dict} /Length ${o.data.length} >>\nstream\n`, 'latin1'),
    o.data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
}

function serializeClassic(objects: PdfObject[], id: string): Buffer {
  return classicPdf(
    '1.4',
    objects.map((o, i) => objectBytes(i + 1, o)),
    ` /Root 1 0 R /Info 4 0 R /ID [<${id}> <${id}>]`,
  );
}

function serializeWithObjectStreams(objects: PdfObject[], id: string): Buffer {
  // Dictionaries go into object streams of up to 100; streams stay top-level objects.
  const inStream = objects.map((o, i) => ({ num: i + 1, o })).filter(({ o }) => !isStream(o));
  const all: PdfObject[] = [...objects];
  const where = new Map<number, { stream: number; index: number }>();
  for (let i = 0; i < inStream.length; i += 100) {
    const group = inStream.slice(i, i + 100);
    const bodies = group.map(({ o }) => `<< ${o.dict} >>\n`);
    let at = 0;
    const header =
      group
        .map(({ num }, k) => {
          const entry = `${num} ${at}`;
          at += Buffer.byteLength(bodies[k]!, 'latin1');
          return entry;
        })
        .join(' ') + '\n';
    const data = zlib.deflateSync(Buffer.from(header + bodies.join(''), 'latin1'));
    all.push({
      dict: `/Type /ObjStm /N ${group.length} /First ${Buffer.byteLength(header)} /Filter /FlateDecode`,
      data,
    });
    group.forEach(({ num }, index) => where.set(num, { stream: all.length, index }));
  }
  const parts: Buffer[] = [pdfHeader('1.5')];
  let offset = parts[0]!.length;
  const offsets = new Map<number, number>();
  all.forEach((o, i) => {
    if (where.has(i + 1)) return;
    const b = objectBytes(i + 1, o);
    offsets.set(i + 1, offset);
    parts.push(b);
    offset += b.length;
  });
  const xrefNum = all.length + 1;
  offsets.set(xrefNum, offset);
  const rows = Buffer.alloc((xrefNum + 1) * 7);
  for (let n = 0; n <= xrefNum; n++) {
    const packed = where.get(n);
    // Type 0: free; 1: at a byte offset; 2: inside an object stream, at an index.
    const [type, field2, field3] =
      n === 0 ? [0, 0, 65535] : packed ? [2, packed.stream, packed.index] : [1, offsets.get(n)!, 0];
    rows.writeUInt8(type, n * 7);
    rows.writeUInt32BE(field2, n * 7 + 1);
    rows.writeUInt16BE(field3, n * 7 + 5);
  }
  const data = zlib.deflateSync(rows, { level: 9 });
  const dict = `/Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root 1 0 R /Info 4 0 R /ID [<${id}> <${id}>] /Filter /FlateDecode`;
  parts.push(objectBytes(xrefNum, { dict, data }), Buffer.from(`startxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
