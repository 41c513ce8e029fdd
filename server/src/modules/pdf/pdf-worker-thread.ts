import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../../lib/worker-thread.ts';
import type { PdfWorkerData } from './pdf-worker.ts';

/** One PDF worker thread (the bundled JavaScript in production, the TypeScript through tsx otherwise), not holding the process open. */
export function startPdfWorker(data: PdfWorkerData): Worker {
  // Small V8 heaps: the files live in mupdf's WASM memory, capped separately (workerData).
  const options = { resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 }, workerData: data };
  return startWorkerThread(
    { bundled: new URL('./pdf-worker.js', import.meta.url), source: new URL('./pdf-worker.ts', import.meta.url) },
    options,
  );
}
