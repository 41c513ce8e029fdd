// The agent as JavaScript (dist/cli.js) for a Raspberry Pi or counter PC: plain Node 20, no tsx. The shop's shared
// contracts are bundled in; the IPP library and mupdf (its WASM file beside it) stay dependencies (package.json),
// loaded from node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
await esbuild.build({
  entryPoints: [path.join(here, 'src/cli.ts')],
  outfile: path.join(here, 'dist/cli.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['mupdf', '@sealsystems/ipp'],
  logLevel: 'warning',
});
console.log('print agent built into print-agent/dist/cli.js');
