#!/usr/bin/env node
// In a checkout of the shop's repository the TypeScript sources run through tsx (never a stale build); an installed
// package has no tsx and runs the built dist/cli.js (`npm run build -w print-agent`).
let tsx = null;
try {
  tsx = await import('tsx/esm/api');
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
}
const cli = tsx ? await tsx.tsImport('../src/cli.ts', import.meta.url) : await import('../dist/cli.js');
process.exitCode = await cli.main();
