import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isBundled } from '../../lib/runtime.ts';
import type { PdfWorkerData } from './pdf-worker.ts';

type WasmApi = { compile(bytes: Uint8Array): Promise<object> };

/**
 * mupdf's WebAssembly, compiled once and handed to every worker (V8 shares the compiled code between threads):
 * each worker then costs about 20 MB less and starts faster. null when it cannot be found; workers compile it.
 */
export async function compileMupdf(): Promise<object | null> {
  try {
    const wasm = new URL('./mupdf-wasm.wasm', import.meta.resolve('mupdf'));
    return await (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly.compile(await fs.readFile(wasm));
  } catch {
    return null;
  }
}

/**
 * The worker is TypeScript and the server runs through tsx in development and tests; on Node 20 a worker does not
 * inherit tsx's loader from `--import`, so a tiny JavaScript bootstrap loads the worker module with tsx's `tsImport`.
 */
function workerBootstrap(): string {
  const workerUrl = new URL('./pdf-worker.ts', import.meta.url).href;
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  return `import(${JSON.stringify(tsxApi)}).then((m) => (m.tsImport ?? m.default.tsImport)(${JSON.stringify(workerUrl)}, ${JSON.stringify(workerUrl)}))`;
}

/** One PDF worker thread (the bundled JavaScript in production, the TypeScript through tsx otherwise), not holding the process open. */
export function startPdfWorker(data: PdfWorkerData): Worker {
  // Small V8 heaps: the files live in mupdf's WASM memory, capped separately (workerData).
  const options = { resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 }, workerData: data };
  const w = isBundled ? new Worker(new URL('./pdf-worker.js', import.meta.url), options) : new Worker(workerBootstrap(), { ...options, eval: true });
  w.unref();
  return w;
}
