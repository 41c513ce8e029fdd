/**
 * Times the shop's PDF reader (mupdf, as the upload worker runs it) on one file: read from disk, count the
 * pages and every page's size. Started by bench/run.ts with the server's own V8 flags (`npm run serve`).
 * Prints JSON: { pages, ms: [...], cpuMs: [...] } for `runs` runs after one warm-up (wall and CPU time of each).
 */
import fs from 'node:fs';
import { analyzePdf } from '../server/src/modules/pdf/pdf-analyzer.ts';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
analyzePdf(fs.readFileSync(file!));
const ms: number[] = [];
const cpuMs: number[] = [];
let pages = 0;
for (let i = 0; i < runs; i++) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  pages = analyzePdf(fs.readFileSync(file!)).pageCount;
  ms.push(performance.now() - t);
  const used = process.cpuUsage(cpu);
  cpuMs.push((used.user + used.system) / 1000);
}
console.log(JSON.stringify({ pages, ms, cpuMs }));
