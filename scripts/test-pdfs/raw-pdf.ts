import zlib from 'node:zlib';

/**
 * Hand-made PDFs, object by object, for the files whose point is a particular PDF feature (layers, separations,
 * overprint, annotations, form fields) that no document writer can be asked for directly. Objects are written as
 * given; `stream` deflates its data. A classic cross-reference table; same input, same bytes.
 */
/** The header of a PDF of `version`, with the binary comment that marks the file as binary. */
export const pdfHeader = (version: string) => Buffer.from(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`, 'latin1');

/**
 * A whole PDF from its objects, numbered from 1 and each already written (`N 0 obj … endobj`), with a classic
 * cross-reference table; `trailer` holds the trailer's entries after /Size (/Root, /Info, /ID).
 */
export function classicPdf(version: string, objects: Buffer[], trailer: string): Buffer {
  const parts: Buffer[] = [pdfHeader(version)];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(offset);
    parts.push(o);
    offset += o.length;
  }
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1}${trailer} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}

export type RawObject = string | { dict: string; data: Buffer | string; deflate?: boolean };

export class RawPdf {
  private readonly objects: RawObject[] = [];
  private readonly pages: number[] = [];
  private catalogExtra = '';

  /** Adds an object and returns its number. */
  add(o: RawObject): number {
    this.objects.push(o);
    return this.objects.length;
  }

  /** A number for an object written later with `set` (objects that refer to each other). */
  reserve(): number {
    return this.add('null');
  }

  set(num: number, o: RawObject) {
    this.objects[num - 1] = o;
  }

  stream(dict: string, data: Buffer | string, deflate = true): number {
    return this.add({ dict, data, deflate });
  }

  /** An A4 page (unless `box` says otherwise) with its content and resources; `extra` is added to its dictionary. */
  page(content: string, resources = '', extra = '', box: [number, number] = [595, 842]): number {
    const contents = this.stream('', content);
    const num = this.add(
      `<< /Type /Page /Parent 1 0 R /MediaBox [0 0 ${box[0]} ${box[1]}] /Resources << ${resources} >> /Contents ${contents} 0 R ${extra} >>`,
    );
    this.pages.push(num);
    return num;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Entries added to the catalog (/OCProperties, /AcroForm). */
  catalog(extra: string) {
    this.catalogExtra += ` ${extra}`;
  }

  build(): Buffer {
    // Object 1 is the page tree (pages name it as their parent), the catalog comes last.
    const all: RawObject[] = [
      `<< /Type /Pages /Kids [${this.pages.map((p) => `${p} 0 R`).join(' ')}] /Count ${this.pages.length} >>`,
      ...this.objects.slice(1),
    ];
    if (this.objects[0] !== 'null') throw new Error('object 1 is the page tree: reserve() it first');
    all.push(`<< /Type /Catalog /Pages 1 0 R${this.catalogExtra} >>`);
    const root = all.length;
    const bodies = all.map((o, i) => {
      const head = `${i + 1} 0 obj\n`;
      if (typeof o === 'string') return Buffer.from(`${head}${o}\nendobj\n`, 'latin1');
      const raw = typeof o.data === 'string' ? Buffer.from(o.data, 'latin1') : o.data;
      const data = o.deflate === false ? raw : zlib.deflateSync(raw);
      const filter = o.deflate === false ? '' : ' /Filter /FlateDecode';
      return Buffer.concat([
        Buffer.from(`${head}<< ${o.dict}${filter} /Length ${data.length} >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    });
    return classicPdf('1.7', bodies, ` /Root ${root} 0 R`);
  }
}

/** A new document whose object 1 is kept for the page tree. */
export function rawPdf(): RawPdf {
  const pdf = new RawPdf();
  pdf.reserve();
  return pdf;
}
