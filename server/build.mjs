// Production build of the server: one ES module bundle per entry point in server/dist, run by plain Node.
// Running through tsx costs ~33 MB in the main thread and as much again in the PDF worker, and compiles
// TypeScript at every start. npm packages stay external (node_modules); the shared contracts are bundled in.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// SERVER_BUILD_OUTDIR (relative to server/): a test's own build, beside the shipped one (server/dist).
const outdir = path.join(here, process.env.SERVER_BUILD_OUTDIR || 'dist');
// --tools-only: the command-line tools alone (server/run-cli.mjs, when their bundle is older than the sources),
// leaving a running server's files in place.
const toolsOnly = process.argv.includes('--tools-only');
if (!toolsOnly) fs.rmSync(outdir, { recursive: true, force: true });

// npm packages stay outside the bundles, loaded from node_modules; our own workspaces (@shop/*) are bundled in.
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shop/') ? undefined : { external: true }));
  },
};

/** The command-line tools behind npm run backup, restore, doctor, db:migrate and db:seed (server/run-cli.mjs). */
const TOOLS = {
  backup: 'src/modules/backup/backup-cli.ts',
  restore: 'src/modules/backup/restore-cli.ts',
  doctor: 'src/doctor/doctor-cli.ts',
  'db-migrate': 'src/db/migrate-cli.ts',
  'db-seed': 'src/seed-cli.ts',
};

const common = {
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // V8 keeps every module's source text for as long as the process runs, as UTF-16 when a single character does not
  // fit in Latin-1 (a '…' or '₹' in a comment doubled server.js's 0.7 MB): without comments and indentation it is
  // smaller and one byte a character (decision 050). Stack traces are mapped to the sources either way.
  minifyWhitespace: true,
  // Maps for stack traces (server/src/lib/stack-map.ts): positions only, the sources are next to them in src/.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [nodeModulesExternal],
};

const server =
  !toolsOnly &&
  esbuild.build({
    ...common,
    entryPoints: {
      server: path.join(here, 'src/server.ts'),
      'pdf-worker': path.join(here, 'src/modules/pdf/pdf-worker.ts'),
      'print-worker': path.join(here, 'src/modules/printing/print-worker.ts'),
      'pglite-init': path.join(here, 'src/db/pglite-init.ts'),
    },
    // Modules imported with import() (S3, SMTP, PostgreSQL drivers) become their own chunks, loaded only when used.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  });
// Each tool is one file of its own (no shared chunks), next to server.js: what the tools' code finds through
// import.meta.url (the migrations, pglite-init.js) is where the server's finds it, and the server's files are
// left as they are (decision 049).
const tools = esbuild.build({
  ...common,
  entryPoints: Object.fromEntries(Object.entries(TOOLS).map(([name, file]) => [name, path.join(here, file)])),
});
await Promise.all([server, tools]);
// Migrations are read at start from next to the code.
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`${toolsOnly ? 'server tools' : 'server'} built into ${path.relative(process.cwd(), outdir) || outdir}`);
