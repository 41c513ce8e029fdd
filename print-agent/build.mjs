// The agent as one JavaScript file (dist/cli.js) for a Raspberry Pi or counter PC: plain Node 20, no tsx.
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
  // The IPP library is CommonJS: bundled, it needs require().
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('print agent built into print-agent/dist/cli.js');
