import zlib from 'node:zlib';

const made = new Map<string, Buffer>();

/**
 * The file: a million page objects in 9 MB (PDF 1.5 object streams and a cross-reference stream), every
 * count true. Pages are empty (A4 inherited from the root); inner nodes hold `fanout` pages each. Made once per
 * test file (it takes a few seconds).
 */
export function millionPagePdf(pages = 1_000_000, fanout = 1000): Buffer {
  const key = `${pages}/${fanout}`;
  let bytes = made.get(key);
  if (!bytes) made.set(key, (bytes = writeMillionPagePdf(pages, fanout)));
  return bytes;
}

function writeMillionPagePdf(pages: number, fanout: number): Buffer {
  const inner = Math.ceil(pages / fanout);
  // 1 catalog, 2 root, 3… inner nodes, then the pages.
  const firstInner = 3;
  const firstPage = firstInner + inner;
  const total = firstPage + pages - 1;
  const body = (num: number): string => {
    if (num === 1) return '<</Type/Catalog/Pages 2 0 R>>';
    if (num === 2) {
      const kids = Array.from({ length: inner }, (_, i) => `${firstInner + i} 0 R`).join(' ');
      return `<</Type/Pages/Kids[${kids}]/Count ${pages}/MediaBox[0 0 595 842]>>`;
    }
    if (num < firstPage) {
      const g = num - firstInner;
      const from = g * fanout;
      const to = Math.min(pages, from + fanout);
      const kids = Array.from({ length: to - from }, (_, i) => `${firstPage + from + i} 0 R`).join(' ');
      return `<</Type/Pages/Parent 2 0 R/Kids[${kids}]/Count ${to - from}>>`;
    }
    return `<</Type/Page/Parent ${firstInner + Math.floor((num - firstPage) / fanout)} 0 R>>`;
  };

  const PER_STREAM = 10_000;
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const where: Array<{ stream: number; index: number }> = [];
  const streamOffsets: number[] = [];
  const streams = Math.ceil(total / PER_STREAM);
  const firstStream = total + 1;
  for (let s = 0; s < streams; s++) {
    const nums = Array.from({ length: Math.min(PER_STREAM, total - s * PER_STREAM) }, (_, i) => s * PER_STREAM + i + 1);
    const objects: string[] = [];
    const header: string[] = [];
    let pos = 0;
    nums.forEach((num, i) => {
      const text = `${body(num)}\n`;
      header.push(`${num} ${pos}`);
      objects.push(text);
      pos += text.length;
      where[num] = { stream: firstStream + s, index: i };
    });
    const head = `${header.join(' ')}\n`;
    const data = zlib.deflateSync(Buffer.from(head + objects.join(''), 'latin1'));
    const obj = Buffer.concat([
      Buffer.from(
        `${firstStream + s} 0 obj\n<</Type/ObjStm/N ${nums.length}/First ${head.length}/Filter/FlateDecode/Length ${data.length}>>\nstream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    streamOffsets.push(offset);
    parts.push(obj);
    offset += obj.length;
  }
  const xrefNum = firstStream + streams;
  const size = xrefNum + 1;
  const rows = Buffer.alloc(size * 7);
  const row = (i: number, type: number, a: number, b: number) => {
    rows.writeUInt8(type, i * 7);
    rows.writeUInt32BE(a, i * 7 + 1);
    rows.writeUInt16BE(b, i * 7 + 5);
  };
  row(0, 0, 0, 65535);
  for (let num = 1; num <= total; num++) row(num, 2, where[num]!.stream, where[num]!.index);
  streamOffsets.forEach((o, s) => row(firstStream + s, 1, o, 0));
  row(xrefNum, 1, offset, 0);
  const xref = zlib.deflateSync(rows);
  parts.push(
    Buffer.from(
      `${xrefNum} 0 obj\n<</Type/XRef/Size ${size}/W[1 4 2]/Root 1 0 R/Filter/FlateDecode/Length ${xref.length}>>\nstream\n`,
      'latin1',
    ),
    xref,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}
