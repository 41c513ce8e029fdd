import { analyzePdfFile } from './src/modules/pdf/pdf-analyzer.ts';
const f = process.argv[2]!;
const t: Record<string, number[]> = { read: [], copy: [] };
for (let i = 0; i < 5; i++) for (const copy of [false, true]) {
  const s = performance.now();
  analyzePdfFile(f, copy ? { cleanCopyPath: '/tmp/hpc/copy.pdf' } : {});
  t[copy ? 'copy' : 'read']!.push(performance.now() - s);
}
console.log(f.split('/').pop(), 'read min', Math.min(...t.read!).toFixed(0), 'copy min', Math.min(...t.copy!).toFixed(0));
