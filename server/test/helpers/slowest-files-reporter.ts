import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * After the run, the slowest test files with their import and test time and the CPU seconds their process and the
 * programs it ran used (helpers/cpu-time.ts), so the CI log says where the suite's time goes (decisions 043, 047).
 * `SLOWEST_FILES` sets how many (default 15; 0 for none); `SLOWEST_FILES_JSONL=path` also appends each file's
 * figures as it ends (one JSON line per file: kept when a run is stopped halfway).
 */
function figures(m: TestModule) {
  const d = m.diagnostic();
  const cpu = m.meta().cpu;
  return {
    file: m.relativeModuleId,
    total: d.collectDuration + d.duration,
    collect: d.collectDuration,
    tests: d.duration,
    cpu: cpu ? cpu.own + cpu.children : undefined,
    childCpu: cpu?.children,
  };
}

export default class SlowestFiles implements Reporter {
  onTestModuleEnd(m: TestModule) {
    if (process.env.SLOWEST_FILES_JSONL)
      fs.appendFileSync(process.env.SLOWEST_FILES_JSONL, `${JSON.stringify(figures(m))}\n`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = Number(process.env.SLOWEST_FILES ?? 15);
    if (!count || modules.length < 2) return;
    const all = modules.map(figures).sort((a, b) => b.total - a.total);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const cpu = (r: (typeof all)[number]) =>
      r.cpu === undefined ? '' : `, CPU ${r.cpu.toFixed(1)} s of which programs it ran ${r.childCpu!.toFixed(1)} s`;
    const totalCpu = all.reduce((sum, r) => sum + (r.cpu ?? 0), 0);
    console.log(
      `\nSlowest test files (import + tests):\n${all
        .slice(0, count)
        .map((r) => `${s(r.total)} ${r.file}  (import ${s(r.collect).trim()}, tests ${s(r.tests).trim()}${cpu(r)})`)
        .join('\n')}\nCPU of all ${all.length} files: ${totalCpu.toFixed(0)} s\n`,
    );
  }
}
