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
fs.rmSync(outdir, { recursive: true, force: true });

await esbuild.build({
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    'pdf-worker': path.join(here, 'src/modules/pdf/pdf-worker.ts'),
    'print-worker': path.join(here, 'src/modules/printing/print-worker.ts'),
    'pglite-init': path.join(here, 'src/db/pglite-init.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules imported with import() (S3, SMTP, PostgreSQL drivers) become their own chunks, loaded only when used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  // Maps for stack traces (server/src/lib/stack-map.ts): positions only, the sources are next to them in src/.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shop/') ? undefined : { external: true },
        );
      },
    },
  ],
});
// Migrations are read at start from next to the code.
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`server built into ${path.relative(process.cwd(), outdir) || outdir}`);
