import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { mapStack } from '../../src/lib/stack-map.ts';

/**
 * The production bundle runs without --enable-source-maps (decision 044): its stack traces are mapped back to the
 * TypeScript sources when written, from the maps the build writes next to the bundle (server/build.mjs).
 */
describe('stack traces of the bundle', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stack-map-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('name the TypeScript file and line, and leave frames outside the bundle alone', async () => {
    const src = path.join(dir, 'src', 'orders.ts');
    fs.mkdirSync(path.dirname(src), { recursive: true });
    fs.writeFileSync(
      src,
      [
        'export function placeOrder(total: number): number {',
        '  if (total < 0) {',
        "    throw new Error('negative total');",
        '  }',
        '  return total;',
        '}',
        '',
      ].join('\n'),
    );
    const dist = path.join(dir, 'dist');
    await esbuild.build({
      entryPoints: [src],
      outdir: dist,
      bundle: true,
      format: 'esm',
      platform: 'node',
      sourcemap: true,
      sourcesContent: false,
      // As server/build.mjs builds the shop: one long line, mapped by its columns.
      minifyWhitespace: true,
      logLevel: 'silent',
    });
    const out = path.join(dist, 'orders.js');
    const lines = fs.readFileSync(out, 'utf8').split('\n');
    const row = lines.findIndex((l) => l.includes('throw new Error'));
    // V8 points at the `new` of the error made.
    const column = lines[row]!.indexOf('new Error') + 1;
    const stack = [
      'Error: negative total',
      `    at placeOrder (${pathToFileURL(out).href}:${row + 1}:${column})`,
      `    at async handler (${out}:${row + 1}:${column})`,
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at Object.run (file:///elsewhere/node_modules/x/index.js:10:3)',
    ].join('\n');
    const mapped = mapStack(stack, dist).split('\n');
    expect(mapped[1]).toBe(`    at placeOrder (${src}:3:11)`);
    expect(mapped[2]).toBe(`    at async handler (${src}:3:11)`);
    expect(mapped.slice(3)).toEqual(stack.split('\n').slice(3));
  });
});
