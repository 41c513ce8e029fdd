import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The server's import rules live in .oxlintrc.json (docs/decisions/045-module-front-doors.md): a module is entered
// only through its index.ts, and no import cycle, type-only ones included, runs through server/src. These probes are
// written where the rules apply and linted with the repository's own config, so a config change that silently drops a
// rule fails here. (module-graph.test.ts skips the probe folders while they exist.)
const root = resolve(import.meta.dirname, '../../..');
const src = join(root, 'server/src');
const probeDirs: string[] = [];

/** A folder for probes under `parent` (relative to server/src), removed after the file's tests. */
function probeDir(parent: string): { name: string; dir: string } {
  const name = `__boundary_probe_${process.pid}_${probeDirs.length}__`;
  const dir = join(src, parent, name);
  probeDirs.push(dir);
  mkdirSync(dir, { recursive: true });
  return { name, dir };
}

function write(file: string, source: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  return file;
}

function lint(...files: string[]): { failed: boolean; output: string } {
  try {
    const output = execFileSync(
      join(root, 'node_modules/.bin/oxlint'),
      ['-c', '.oxlintrc.json', '--deny-warnings', ...files],
      { cwd: root, encoding: 'utf8' },
    );
    return { failed: false, output };
  } catch (err) {
    const e = err as { stdout?: string };
    return { failed: true, output: e.stdout ?? '' };
  }
}

afterAll(() => {
  for (const dir of probeDirs) rmSync(dir, { recursive: true, force: true });
});

describe('server modules are entered through their front door', () => {
  it('lets a module use another module through its index.ts, and the platform code below', () => {
    const { dir } = probeDir('modules');
    const file = write(
      join(dir, 'probe.ts'),
      "import { toOrderDto } from '../orders/index.ts';\nimport { AppError } from '../../plugins/errors.ts';\nexport const used = [toOrderDto, AppError];\n",
    );
    const r = lint(file);
    expect(r.output).not.toContain('no-restricted-imports');
    expect(r.failed).toBe(false);
  });

  it("fails when a module's file, at any depth, imports another module's inner file", () => {
    const { dir } = probeDir('modules');
    const top = write(
      join(dir, 'probe.ts'),
      "import { toOrderDto } from '../orders/order-dto.ts';\nexport const used = toOrderDto;\n",
    );
    const nested = write(
      join(dir, 'sub/probe.ts'),
      "import { orderAnswers } from '../../orders/i18n/index.ts';\nexport const used = orderAnswers;\n",
    );
    const r = lint(top, nested);
    expect(r.failed).toBe(true);
    expect(r.output).toContain("'../orders/order-dto.ts' import is restricted");
    expect(r.output).toContain("'../../orders/i18n/index.ts' import is restricted");
  });

  it('fails when code outside modules/ (platform, composition) imports an inner file of a module', () => {
    const { dir } = probeDir('lib');
    const platform = write(
      join(dir, 'probe.ts'),
      "import { toOrderDto } from '../../modules/orders/order-dto.ts';\nexport const used = toOrderDto;\n",
    );
    const r = lint(platform);
    expect(r.failed).toBe(true);
    expect(r.output).toContain("'../../modules/orders/order-dto.ts' import is restricted");
  });

  it('fails on a cycle between two modules through their front doors, even when it is of types only', () => {
    const a = probeDir('modules');
    const b = probeDir('modules');
    write(join(a.dir, 'index.ts'), "export { type Customer } from './customer.ts';\n");
    const customer = write(
      join(a.dir, 'customer.ts'),
      `import type { Bill } from '../${b.name}/index.ts';\nexport interface Customer {\n  bills: Bill[];\n}\n`,
    );
    write(join(b.dir, 'index.ts'), "export { type Bill } from './bill.ts';\n");
    write(
      join(b.dir, 'bill.ts'),
      `import type { Customer } from '../${a.name}/index.ts';\nexport interface Bill {\n  customer: Customer;\n}\n`,
    );
    const r = lint(customer);
    expect(r.failed).toBe(true);
    expect(r.output).toContain('no-cycle');
  });
});
