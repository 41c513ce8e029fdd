import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  try {
    const output = execFileSync(
      join(root, 'node_modules/.bin/oxlint'),
      ['-c', '.oxlintrc.json', '--deny-warnings', file],
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
