#!/usr/bin/env node
// The built agent (dist/cli.js, made by `npm run build -w print-agent`) runs on plain Node; inside the repository
// the TypeScript sources run through tsx.
import fs from 'node:fs';
const built = new URL('../dist/cli.js', import.meta.url);
let cli;
if (fs.existsSync(built)) cli = await import(built.href);
else {
  const { tsImport } = await import('tsx/esm/api');
  cli = await tsImport('../src/cli.ts', import.meta.url);
}
process.exitCode = await cli.main();
