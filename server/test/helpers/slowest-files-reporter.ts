import type { Reporter, TestModule } from 'vitest/node';

/**
 * After the run, the slowest test files with their import and test time, so the CI log says where the suite's time
 * goes (decision 043). `SLOWEST_FILES` sets how many (default 12; 0 for none).
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = Number(process.env.SLOWEST_FILES ?? 12);
    if (!count || modules.length < 2) return;
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: m.relativeModuleId,
          total: d.collectDuration + d.duration,
          collect: d.collectDuration,
          tests: d.duration,
        };
      })
      .sort((a, b) => b.total - a.total)
      .slice(0, count);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    console.log(
      `\nSlowest test files (import + tests):\n${rows.map((r) => `${s(r.total)} ${r.file}  (import ${s(r.collect).trim()}, tests ${s(r.tests).trim()})`).join('\n')}\n`,
    );
  }
}
