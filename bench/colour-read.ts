/**
 * Times the shop's colour-page detection (the PDF worker's `colours` op, mupdf at 24 dpi, as printed: decision 032) on one file, in its own
 * process with the server's V8 flags. Prints JSON: { pages, colourPages, ms: [...] } for `runs` runs after a warm-up.
 */
import { colourPagesOfFile } from '../server/src/modules/pdf/colour-pages.ts';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const far = () => Date.now() + 10 * 60_000;
colourPagesOfFile(file!, far());
const ms: number[] = [];
let last = { pageCount: 0, colourPages: [] as number[] };
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  last = colourPagesOfFile(file!, far());
  ms.push(performance.now() - t);
}
console.log(JSON.stringify({ pages: last.pageCount, colourPages: last.colourPages.length, ms }));
