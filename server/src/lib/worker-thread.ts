import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { isBundled } from './runtime.ts';

/**
 * The one way the server starts a worker thread (the PDF pool's workers, the print worker): the bundled JavaScript in
 * production; in development and tests the TypeScript module through tsx, since on Node 20 a worker does not inherit
 * tsx's loader from `--import` and a tiny JavaScript bootstrap loads it with tsx's `tsImport`. The worker does not
 * hold the process open.
 *
 * Both addresses are made by the caller with its own `import.meta.url` (`new URL('./x.js', import.meta.url)`): in
 * the bundle the caller sits in server.js next to the worker's entry, while this module may end up in a shared chunk
 * (decision 044's chunk rule).
 */
export function startWorkerThread(entry: { bundled: URL; source: URL }, options: WorkerOptions = {}): Worker {
  const worker = isBundled
    ? new Worker(entry.bundled, options)
    : new Worker(tsBootstrap(entry.source), { ...options, eval: true });
  worker.unref();
  return worker;
}

function tsBootstrap(source: URL): string {
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return `import(${JSON.stringify(tsxApi)}).then((m) => (m.tsImport ?? m.default.tsImport)(${JSON.stringify(source.href)}, ${JSON.stringify(source.href)}))`;
}
