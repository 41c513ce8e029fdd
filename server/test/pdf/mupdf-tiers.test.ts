import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePdf } from '../helpers/pdf-fixtures.ts';

/**
 * Decision 052: the server runs with `--liftoff-only` (decision 005: PGlite's WebAssembly stays on V8's baseline
 * compiler, which saves memory), and lib/mupdf-wasm.ts lets mupdf alone be optimised, by lifting the flag for its
 * compile only. Each case runs a Node of its own with the server's flag and V8's test natives (mupdf-tiers-probe.ts):
 * it reads a 1,030-page file 30 times, then runs a small module compiled afterwards hot.
 */
const probe = (how: 'shop' | 'own', flags = ['--liftoff-only']) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        ...flags,
        '--allow-natives-syntax',
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'mupdf-tiers-probe.ts'),
        how,
        fixturePdf('many-pages-1030p.pdf'),
      ],
      { encoding: 'utf8', timeout: 60_000 },
    ),
  ) as { mupdfOptimised: number; mupdfFunctions: number; otherOptimised: boolean };

describe('mupdf optimised, the rest kept on the baseline compiler', () => {
  it('mupdf compiled as the shop compiles it gets its hot functions optimised; a module compiled after it does not', () => {
    const shop = probe('shop');
    expect(shop.mupdfFunctions).toBeGreaterThan(100);
    expect(shop.mupdfOptimised).toBeGreaterThan(0);
    expect(shop.otherOptimised).toBe(false);
  });

  it('the checks can tell: mupdf compiling itself under --liftoff-only is never optimised, and without the flag the small module is', () => {
    expect(probe('own').mupdfOptimised).toBe(0);
    expect(probe('own', []).otherOptimised).toBe(true);
  });
});
