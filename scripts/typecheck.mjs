// npm run typecheck: every project type-checked by TypeScript 7 (the native compiler: about a third of the CPU of
// 5.9 on this code, decision 047). It is installed as `typescript7`; `typescript` stays 5.9 for the tests that read
// the code's syntax tree with its API and for editors. Both install a `tsc` command, so this calls 7 by its path.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const pkg = createRequire(import.meta.url).resolve('typescript7/package.json');
const tsc = path.join(path.dirname(pkg), 'bin', 'tsc');
for (const project of ['shared', 'server', 'print-agent', 'web', 'e2e']) {
  const run = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck: ${project} has type errors (above)`);
    process.exit(run.status ?? 1);
  }
}
