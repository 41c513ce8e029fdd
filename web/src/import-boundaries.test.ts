import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// The one-way import rule lives in .oxlintrc.json (docs/decisions/019-web-layout.md). These probes are written
// where the rule applies and linted with the repository's own config, so a config change that silently drops
// the rule fails here.
const root = resolve(__dirname, '../..');
const probeDirs: string[] = [];

function lintProbe(layer: 'features' | 'lib' | 'components', source: string): { failed: boolean; output: string } {
  const dir = join(root, 'web/src', layer, `__boundary_probe_${process.pid}_${probeDirs.length}__`);
  probeDirs.push(dir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'probe.ts');
  writeFileSync(file, source);
  return lintFiles([file]);
}

function lintFiles(files: string[]): { failed: boolean; output: string } {
  try {
    const output = execFileSync(
      join(root, 'node_modules/.bin/oxlint'),
      ['-c', '.oxlintrc.json', '--deny-warnings', ...files],
      {
        cwd: root,
        encoding: 'utf8',
      },
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

describe('one-way imports (app -> features -> components/lib)', () => {
  it('lets a feature import components, lib and another feature through its root files', () => {
    const r = lintProbe(
      'features',
      "import { cn } from '@/lib/cn';\nimport { Button } from '@/components/ui/button';\nimport { useAccounts } from '@/features/admin/api';\nexport const used = [cn, Button, useAccounts];\n",
    );
    expect(r.output).not.toContain('no-restricted-imports');
    expect(r.failed).toBe(false);
  });

  it('fails when a feature imports a route from app', () => {
    const r = lintProbe('features', "import { x } from '@/app/routes/home';\nexport const used = x;\n");
    expect(r.failed).toBe(true);
    expect(r.output).toContain("'@/app/routes/home' import is restricted");
  });

  it("fails when a feature reaches into another feature's subfolders", () => {
    const r = lintProbe(
      'features',
      "import { x } from '@/features/admin/components/order-card';\nexport const used = x;\n",
    );
    expect(r.failed).toBe(true);
    expect(r.output).toContain("'@/features/admin/components/order-card' import is restricted");
  });

  it('fails when lib or components import a feature or app, by alias or relative path', () => {
    const lib = lintProbe('lib', "import { x } from '../../features/admin/api';\nexport const used = x;\n");
    expect(lib.failed).toBe(true);
    expect(lib.output).toContain("'../../features/admin/api' import is restricted");
    const ui = lintProbe('components', "import { x } from '@/app/routes/home';\nexport const used = x;\n");
    expect(ui.failed).toBe(true);
    expect(ui.output).toContain("'@/app/routes/home' import is restricted");
  });
});

/** Which features each feature imports (by `@/features/x` or a relative path), from every file under web/src/features. */
function featureImports(featuresDir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const featureOf = (file: string) => relative(featuresDir, file).split('/')[0]!;
  for (const entry of readdirSync(featuresDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const from = featureOf(file);
    const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
    for (const spec of imports) {
      const target = spec.startsWith('@/features/')
        ? spec.split('/')[2]!
        : spec.startsWith('.') && resolve(dirname(file), spec).startsWith(featuresDir + '/')
          ? featureOf(resolve(dirname(file), spec))
          : null;
      if (!target || target === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(target));
    }
  }
  return graph;
}

/** The cycles of a graph, each as its path (`a -> b -> a`), each found once. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const walk = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        // One spelling per cycle: started at its smallest name.
        const first = loop.indexOf([...loop].sort()[0]!);
        const turned = [...loop.slice(first), ...loop.slice(0, first)];
        cycles.add([...turned, turned[0]].join(' -> '));
      } else walk(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) walk(node, [node]);
  return [...cycles].sort();
}

// import/no-cycle (on for all of web/src in .oxlintrc.json) sees cycles between files. Two features can still lean on
// each other without one (checkout's sandbox window used orders' api.ts while orders' wizard used checkout's
// window): features are the units of web/src, so no two may depend on each other, even through different files.
describe('features do not depend on each other in a circle', () => {
  it('has no cycle between features', () => {
    expect(cyclesOf(featureImports(join(root, 'web/src/features')))).toEqual([]);
  });

  it('names a cycle through different files, and longer ones', () => {
    const graph = new Map([
      ['orders', new Set(['checkout', 'invoices'])],
      ['checkout', new Set(['orders'])],
      ['invoices', new Set(['notify'])],
      ['notify', new Set(['admin'])],
      ['admin', new Set(['invoices'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['admin -> invoices -> notify -> admin', 'checkout -> orders -> checkout']);
  });

  it('fails lint on a cycle between two files (import/no-cycle)', () => {
    const dir = join(root, 'web/src/features', `__cycle_probe_${process.pid}__`);
    probeDirs.push(dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const r = lintFiles([join(dir, 'a.ts'), join(dir, 'b.ts')]);
    expect(r.failed).toBe(true);
    expect(r.output).toContain('import(no-cycle)');
  });
});

describe('the API is called through the typed client', () => {
  it('fails lint on fetch, XMLHttpRequest and window.fetch anywhere in web/src', () => {
    for (const [layer, source] of [
      ['features', "export const x = () => fetch('/api/orders/user');\n"],
      ['lib', 'export const x = () => new XMLHttpRequest();\n'],
      ['components', "export const x = () => window.fetch('/api/auth/user');\n"],
    ] as const) {
      const r = lintProbe(layer, source);
      expect(r.failed).toBe(true);
      expect(r.output).toContain('docs/decisions/046-typed-web-client.md');
    }
  });
});
