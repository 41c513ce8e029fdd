import { workerData } from 'node:worker_threads';

// The shop's PDF worker on a machine too busy to start it at once: the thread is held for `holdMs` before it loads
// (pdf-pool.test.ts).
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, (workerData as { holdMs: number }).holdMs);
await import('../../src/modules/pdf/pdf-worker.ts');
