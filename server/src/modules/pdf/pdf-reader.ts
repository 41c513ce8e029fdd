import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfInfo } from './pdf-analyzer.ts';
import { PDF_MESSAGES, PdfError, type PdfErrorCode } from './pdf-errors.ts';
import type { PdfJob, PdfJobInput, PdfJobResult } from './pdf-worker.ts';

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

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout };

class PdfWorker {
  private worker: Worker | null = null;
  private failed = false;
  private seq = 0;
  private pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;

  private settled() {
    if (this.pending.size > 0 || !this.worker) return;
    const w = this.worker;
    this.idleTimer = setTimeout(() => {
      if (this.worker === w && this.pending.size === 0) {
        this.worker = null;
        void w.terminate();
      }
    }, IDLE_STOP_MS);
    this.idleTimer.unref();
  }

  private start(): Worker | null {
    if (this.worker) return this.worker;
    if (this.failed) return null;
    try {
      const w = new Worker(workerBootstrap(), { eval: true });
      w.unref();
      w.on('message', (msg: PdfJobResult) => {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        clearTimeout(p.timer);
        if (msg.ok) p.resolve(msg.value);
        else if (msg.error.pdf) p.reject(new PdfError(msg.error.code as PdfErrorCode, msg.error.message));
        else p.reject(new Error(msg.error.message));
        this.settled();
      });
      const fail = (err: unknown) => {
        if (this.worker === w) this.worker = null;
        for (const [id, p] of this.pending) {
          clearTimeout(p.timer);
          p.reject(err instanceof Error ? err : new Error(`PDF worker stopped (${String(err)})`));
          this.pending.delete(id);
        }
      };
      w.on('error', fail);
      w.on('exit', (code) => fail(new Error(`PDF worker exited with code ${code}`)));
      this.worker = w;
      return w;
    } catch {
      this.failed = true;
      return null;
    }
  }

  run<T>(job: PdfJobInput, transfer: ArrayBuffer[] = []): Promise<T> | null {
    const w = this.start();
    if (!w) return null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // A file that keeps mupdf busy this long is treated as unreadable; the worker is replaced.
        void w.terminate();
        reject(new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable));
      }, JOB_TIMEOUT_MS);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      w.postMessage({ ...job, id } as PdfJob, transfer);
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
      if (err instanceof PdfError) throw err;
      // The worker died (not the file's fault as far as we know): read inline once.
    }
  }
  const { analyzePdf } = await import('./pdf-analyzer.ts');
  return analyzePdf(await fs.readFile(path));
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
      if (err instanceof PdfError) throw err;
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
