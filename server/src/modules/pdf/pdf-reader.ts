import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfInfo } from './pdf-analyzer.ts';
import { PDF_MESSAGES, PdfError, type PdfErrorCode } from './pdf-errors.ts';
import type { PdfJob, PdfJobInput, PdfJobResult, PdfWorkerReady } from './pdf-worker.ts';
import { isBundled } from '../../lib/runtime.ts';

/**
 * mupdf is synchronous WASM: a 3000-page file takes a few hundred ms, which would stall every other request.
 * So it runs in one worker thread with a queue: one WASM heap, one file in it at a time (memory stays bounded
 * when many customers upload at once). The main thread does not even load mupdf unless the worker cannot start,
 * in which case the same code runs inline.
 */

const JOB_TIMEOUT_MS = 30_000;
/** An idle worker is stopped so its WASM heap (grown by the biggest file read) goes back to the system. */
const IDLE_STOP_MS = 60_000;

/**
 * The worker is TypeScript and the server runs through tsx; on Node 20 a worker does not inherit tsx's loader
 * from `--import`, so a tiny JavaScript bootstrap loads the worker module with tsx's `tsImport`.
 */
function workerBootstrap(): string {
  const workerUrl = new URL('./pdf-worker.ts', import.meta.url).href;
  // require.resolve finds the CommonJS build; its ES module twin is next to it.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  return `import(${JSON.stringify(tsxApi)}).then((m) => (m.tsImport ?? m.default.tsImport)(${JSON.stringify(workerUrl)}, ${JSON.stringify(workerUrl)}))`;
}

type Job = {
  input: PdfJobInput;
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};

/** Thrown when the worker thread cannot start at all; callers then read inline. */
class WorkerUnavailable extends Error {}

/**
 * One worker, one job in it at a time; the rest wait here. The time limit applies to the running job only.
 * A worker that dies on a file is treated as that file's fault (it is never retried on the main thread);
 * the next job gets a fresh worker.
 */
class PdfWorker {
  private worker: Worker | null = null;
  private online = false;
  private unavailable = false;
  private seq = 0;
  private queue: Job[] = [];
  private current: (Job & { id: number; timer: NodeJS.Timeout }) | null = null;
  private idleTimer: NodeJS.Timeout | null = null;

  private spawn(): Worker {
    // The production bundle has the worker as plain JavaScript next to it (server/dist/pdf-worker.js).
    // Its JavaScript heap stays small (the files live in mupdf's WASM memory): a small young generation saves ~10 MB.
    const resourceLimits = { maxYoungGenerationSizeMb: 4 };
    const w = isBundled ? new Worker(new URL('./pdf-worker.js', import.meta.url), { resourceLimits }) : new Worker(workerBootstrap(), { eval: true, resourceLimits });
    this.online = false;
    w.unref();
    w.on('message', (msg: PdfJobResult | PdfWorkerReady) => {
      if ('ready' in msg) {
        if (this.worker === w) this.online = true;
        return;
      }
      const job = this.current;
      if (this.worker !== w || !job || job.id !== msg.id) return;
      this.finish();
      if (msg.ok) job.resolve(msg.value);
      else if (msg.error.pdf) job.reject(new PdfError(msg.error.code as PdfErrorCode, msg.error.message));
      else job.reject(new Error(msg.error.message));
    });
    const died = (err: unknown) => {
      if (this.worker !== w) return;
      const wasOnline = this.online;
      this.worker = null;
      const job = this.current;
      this.finish();
      if (!wasOnline) {
        // It never started (no tsx, no threads): every waiting job is read inline instead.
        this.unavailable = true;
        process.emitWarning(`The PDF worker thread could not start (${String((err as Error)?.message ?? err)}); PDFs are read on the main thread.`, 'PdfWorkerWarning');
        const waiting = [job, ...this.queue].filter((j): j is NonNullable<typeof j> => !!j);
        this.queue = [];
        for (const j of waiting) j.reject(new WorkerUnavailable(String((err as Error)?.message ?? err)));
        return;
      }
      job?.reject(new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable));
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`PDF worker exited with code ${code}`)));
    return w;
  }

  private finish() {
    if (this.current) clearTimeout(this.current.timer);
    this.current = null;
    this.pump();
  }

  private pump() {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) {
      this.scheduleIdleStop();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.worker) this.worker = this.spawn();
    const w = this.worker;
    const id = ++this.seq;
    const timer = setTimeout(() => {
      // A file that keeps mupdf busy this long is treated as unreadable; the worker is replaced.
      if (this.current?.id !== id) return;
      const job = this.current;
      this.worker = null;
      this.finish();
      job.reject(new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable));
      void w.terminate();
    }, JOB_TIMEOUT_MS);
    this.current = { ...next, id, timer };
    w.postMessage({ ...next.input, id } as PdfJob, next.transfer);
  }

  private scheduleIdleStop() {
    if (!this.worker || this.idleTimer) return;
    const w = this.worker;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.worker === w && !this.current && this.queue.length === 0) {
        this.worker = null;
        void w.terminate();
      }
    }, IDLE_STOP_MS);
    this.idleTimer.unref();
  }

  /** null when no worker can run here (the caller reads inline). */
  run<T>(input: PdfJobInput, transfer: ArrayBuffer[] = []): Promise<T> | null {
    if (this.unavailable) return null;
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ input, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  get running() {
    return this.worker !== null;
  }

  async close() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

const shared = new PdfWorker();

/** Page count and page sizes of the PDF at `path` (a temporary file). */
export async function readPdfFile(path: string): Promise<PdfInfo> {
  const job = shared.run<PdfInfo>({ op: 'analyze', path });
  if (job) {
    try {
      return await job;
    } catch (err) {
      if (!(err instanceof WorkerUnavailable)) throw err;
    }
  }
  const { analyzePdfFile } = await import('./pdf-analyzer.ts');
  return analyzePdfFile(path);
}

/** Page 1 as PNG. */
export async function renderPreview(bytes: Buffer): Promise<Buffer> {
  const copy = new Uint8Array(bytes);
  const job = shared.run<Uint8Array>({ op: 'preview', bytes: copy }, [copy.buffer]);
  if (job) {
    try {
      const png = await job;
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    } catch (err) {
      if (!(err instanceof WorkerUnavailable)) throw err;
    }
  }
  const { renderPreviewPng } = await import('./pdf-analyzer.ts');
  return renderPreviewPng(bytes);
}

/** Whether the worker thread is up (tests). */
export function isPdfWorkerRunning(): boolean {
  return shared.running;
}

export function closePdfWorker(): Promise<void> {
  return shared.close();
}
