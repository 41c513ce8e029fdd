// npm run backup | restore | doctor | db:migrate | db:seed: runs the tool's bundle in server/dist with plain Node
// (no TypeScript loader, so a machine without the dev packages can use them), building it first when it is missing
// or older than the sources (decision 049).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtFromLatest } from './build-freshness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOOLS = ['backup', 'restore', 'doctor', 'db-migrate', 'db-seed'];

const [tool, ...args] = process.argv.slice(2);
if (!TOOLS.includes(tool)) {
  console.error(`usage: node server/run-cli.mjs ${TOOLS.join('|')} [arguments]`);
  process.exit(2);
}
// SERVER_BUILD_OUTDIR (relative to server/, as in build.mjs): a test's own build instead of server/dist.
const dist = path.join(here, process.env.SERVER_BUILD_OUTDIR || 'dist');
const bundle = path.join(dist, `${tool}.js`);

const serverBuilt = fs.existsSync(path.join(dist, 'server.js')) && fs.existsSync(path.join(dist, 'pglite-init.js'));
const built = serverBuilt && fs.existsSync(bundle);
if (!built || !builtFromLatest(bundle)) {
  let canBuild = true;
  try {
    import.meta.resolve('esbuild');
  } catch {
    canBuild = false;
  }
  if (canBuild) {
    // A built server keeps its files (it may be running): only the tools are rebuilt.
    execFileSync(process.execPath, [path.join(here, 'build.mjs'), ...(serverBuilt ? ['--tools-only'] : [])], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } else if (built) {
    console.error(
      `Note: ${path.relative(process.cwd(), dist)} was built before the latest changes to the code; npm run build brings it up to date.`,
    );
  } else {
    console.error('The server is not built: run npm install, then npm run build.');
    process.exit(1);
  }
}

// The tool reads its arguments from process.argv as if started as `node server/dist/<tool>.js …`.
process.argv.splice(1, process.argv.length - 1, bundle, ...args);
await import(pathToFileURL(bundle).href);
