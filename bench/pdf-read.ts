/**
 * Times the shop's PDF reader (mupdf, as the upload worker runs it: analyzePdfFile, the file read from disk piece by
 * piece, mupdf compiled as the pool compiles it) on one file: count the pages and every page's size. Started by
 * bench/run.ts with the server's own V8 flags (`npm run serve`). Prints JSON: { pages, ms: [...], cpuMs: [...] } for
 * `runs` runs after one warm-up (wall and CPU time of each).
 */
import { compileMupdf, useCompiledMupdf } from '../server/src/lib/mupdf-wasm.ts';

// mupdf loaded as the PDF pool's workers load it: compiled by lib/mupdf-wasm.ts, then handed to mupdf's loader.
useCompiledMupdf(compileMupdf());
const { analyzePdfFile } = await import('../server/src/modules/pdf/pdf-analyzer.ts');

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
analyzePdfFile(file!);
const ms: number[] = [];
const cpuMs: number[] = [];
let pages = 0;
for (let i = 0; i < runs; i++) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  pages = analyzePdfFile(file!).pageCount;
  ms.push(performance.now() - t);
  const used = process.cpuUsage(cpu);
  cpuMs.push((used.user + used.system) / 1000);
}
console.log(JSON.stringify({ pages, ms, cpuMs }));
