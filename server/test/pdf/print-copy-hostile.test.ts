import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { PdfInfo } from '../../src/modules/pdf/pdf-analyzer.ts';
import { PdfError } from '../../src/modules/pdf/pdf-errors.ts';
import { PdfPool } from '../../src/modules/pdf/pdf-pool.ts';
import { inflateBombPdf, pagedPdf } from './crafted-pdfs.ts';
import { PdfWriter, stream } from './pdf-writer.ts';

/**
 * Decision 032's new work on a hostile file stays inside the PDF worker's limits (decision 010): making the print
 * copy (layers read and rewritten, annotations flattened) and drawing a page as printed (CMYK with overprint) are
 * refused or stopped like any other job, the heap never passes its cap, and another customer's file is read meanwhile.
 */

const MB = 1024 * 1024;
const HEAP_CAP = 128 * MB;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-print-copy-hostile-'));
const write = (name: string, bytes: Buffer) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const small = write('three-pages.pdf', pagedPdf({ pages: 3 }));
/** A page in a layer whose content inflates to 4 GiB: the print copy must read the page's content to resolve it. */
const layeredBomb = write(
  'layered-bomb.pdf',
  inflateBombPdf(4 * 2 ** 30, {
    catalog: '/OCProperties<</OCGs[3 0 R]/D<</OFF[3 0 R]>>>>',
    objects: (w) => void w.add('<</Type/OCG/Name(Art)>>'),
  }),
);
/** The same content on a page that sets overprint: the colour check and the page picture draw it in CMYK. */
const overprintBomb = write(
  'overprint-bomb.pdf',
  inflateBombPdf(4 * 2 ** 30, { page: '/Resources<</ExtGState<</G1<</OP true/op true/OPM 1>>>>>>' }),
);

/** `count` stamps set to print, all on one page: each is flattened into the page. */
function stampsPdf(count: number): Buffer {
  const w = new PdfWriter();
  const catalog = w.reserve();
  const root = w.reserve();
  const ap = w.add(stream('<</Type/XObject/Subtype/Form/BBox[0 0 10 10]>>', '1 0 0 rg 0 0 10 10 re f'));
  const annots = Array.from({ length: count }, (_, i) =>
    w.add(
      `<</Type/Annot/Subtype/Stamp/F 4/Rect[${i % 500} ${i % 800} ${(i % 500) + 10} ${(i % 800) + 10}]/AP<</N ${ap} 0 R>>>>`,
    ),
  );
  const content = w.add(stream('<<>>', ''));
  const page = w.add(
    `<</Type/Page/Parent ${root} 0 R/MediaBox[0 0 595 842]/Contents ${content} 0 R/Annots[${annots.map((a) => `${a} 0 R`).join(' ')}]>>`,
  );
  w.set(root, `<</Type/Pages/Kids[${page} 0 R]/Count 1>>`);
  w.set(catalog, `<</Type/Catalog/Pages ${root} 0 R>>`);
  return w.toBuffer(catalog);
}

const pools: PdfPool[] = [];
function pool() {
  const p = new PdfPool({
    workers: 2,
    heapCapBytes: HEAP_CAP,
    recycleHeapBytes: 64 * MB,
    maxWaitingPerOwner: 3,
    maxWaitingTotal: 50,
    idleStopMs: 60_000,
    bigJobBytes: 64 * MB,
  });
  pools.push(p);
  return p;
}
const printCopy = (p: PdfPool, owner: string, file: string, timeoutMs = 30_000) =>
  p.run<PdfInfo>(owner, { op: 'analyze', path: file, cleanCopyPath: `${file}.copy.pdf` }, timeoutMs);
const codeOf = (job: Promise<unknown>) =>
  job.then(
    () => 'ok',
    (err: unknown) => (err instanceof PdfError ? err.code : String(err)),
  );

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('making the print copy of a hostile file', () => {
  it('a layer whose page inflates to 4 GiB is refused as too complex, inside the heap cap, while another customer’s file is read', async () => {
    const p = pool();
    const refused = codeOf(printCopy(p, 'mallory', layeredBomb));
    const other = await printCopy(p, 'asha', small);
    expect(other.pageCount).toBe(3);
    expect(await refused).toBe('pdf_too_complex');
    expect(fs.existsSync(`${layeredBomb}.copy.pdf`)).toBe(false);
    expect(p.peakHeapBytes).toBeLessThanOrEqual(HEAP_CAP);
  });

  it('thousands of printing stamps on one page are flattened inside the limits (or refused), never more', async () => {
    const p = pool();
    const file = write('stamps.pdf', stampsPdf(20_000));
    const result = await printCopy(p, 'mallory', file).then(
      (info) => info.printCopyChanges,
      (err: unknown) => (err as PdfError).code,
    );
    expect([['Annotations'], 'pdf_too_slow', 'pdf_too_complex']).toContainEqual(result);
    expect(p.peakHeapBytes).toBeLessThanOrEqual(HEAP_CAP);
  });
});

describe('drawing a hostile page as printed (CMYK, overprint simulated)', () => {
  it('the colour check and the page picture of an overprinting page that inflates to 4 GiB stop at their time limit; another customer is served', async () => {
    const p = pool();
    const colours = codeOf(
      p.run('mallory', { op: 'colours', path: overprintBomb, deadline: Date.now() + 60_000 }, 3_000),
    );
    const picture = codeOf(p.run('oscar', { op: 'thumb', path: overprintBomb, page: 1, width: 240 }, 3_000));
    expect((await printCopy(p, 'asha', small)).pageCount).toBe(3);
    expect(await colours).toMatch(/^pdf_too_(slow|complex)$/);
    expect(await picture).toMatch(/^pdf_too_(slow|complex)$/);
    expect(p.peakHeapBytes).toBeLessThanOrEqual(HEAP_CAP);
  });
});
