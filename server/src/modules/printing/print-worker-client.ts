import type { Worker } from 'node:worker_threads';
import { compileMupdf } from '../../lib/mupdf-wasm.ts';
import { startWorkerThread } from '../../lib/worker-thread.ts';
import { PrintDocumentError } from './print-document-error.ts';
import type { PrintWork, PrintWorkerData, PrintWorkInput, PrintWorkResult } from './print-worker.ts';

/**
 * Making a print-ready PDF of a long document takes mupdf up to a second or two of solid CPU, and a ticket's fonts
 * a few hundred milliseconds at first: that runs in one worker thread, one piece of work at a time, so the shop's
 * other requests never wait behind a print job. The worker stops when idle, returning mupdf's memory.
 */
const WORK_TIMEOUT_MS = 60_000;
/** Warm for a counter's run of prints (a cold start, mupdf and the ticket fonts, costs about a second); then freed. */
const IDLE_STOP_MS = 5 * 60_000;

type Pending = {
  input: PrintWorkInput;
  transfer: ArrayBuffer[];
  resolve: (r: { pdf: Uint8Array; pageCount: number }) => void;
  reject: (e: Error) => void;
};

class PrintWorker {
  private worker: Worker | null = null;
  private queue: Pending[] = [];
  private current: (Pending & { id: number; timer: NodeJS.Timeout }) | null = null;
  private idle: NodeJS.Timeout | null = null;
  private seq = 0;

  private spawn(): Worker {
    const w = startWorkerThread(
      { bundled: new URL('./print-worker.js', import.meta.url), source: new URL('./print-worker.ts', import.meta.url) },
      { workerData: { wasmModule: compileMupdf() } satisfies PrintWorkerData },
    );
    w.on('message', (msg: PrintWorkResult | { ready: true }) => {
      if ('ready' in msg) return;
      const job = this.current;
      if (this.worker !== w || !job || job.id !== msg.id) return;
      this.done();
      if (msg.ok) job.resolve({ pdf: msg.pdf, pageCount: msg.pageCount });
      else job.reject(msg.known ? new PrintDocumentError(msg.message) : new Error(msg.message));
    });
    const died = (err: unknown) => {
      if (this.worker !== w) return;
      this.worker = null;
      const job = this.current;
      this.done();
      job?.reject(new Error(`The print worker stopped: ${String((err as Error)?.message ?? err)}`));
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`exit code ${code}`)));
    return w;
  }

  private done() {
    if (this.current) clearTimeout(this.current.timer);
    this.current = null;
    this.pump();
  }

  private pump() {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) {
      if (this.worker && !this.idle) {
        const w = this.worker;
        this.idle = setTimeout(() => {
          this.idle = null;
          if (this.worker === w && !this.current) {
            this.worker = null;
            void w.terminate();
          }
        }, IDLE_STOP_MS);
        this.idle.unref();
      }
      return;
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.worker ??= this.spawn();
    const w = this.worker;
    const id = ++this.seq;
    const timer = setTimeout(() => {
      if (this.current?.id !== id) return;
      const job = this.current;
      this.worker = null;
      this.done();
      job.reject(new PrintDocumentError('Preparing the document for printing took too long.'));
      void w.terminate();
    }, WORK_TIMEOUT_MS);
    this.current = { ...next, id, timer };
    w.postMessage({ ...next.input, id } as PrintWork, next.transfer);
  }

  run(input: PrintWorkInput, transfer: ArrayBuffer[] = []): Promise<{ pdf: Uint8Array; pageCount: number }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, transfer, resolve, reject });
      this.pump();
    });
  }

  async close() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

const shared = new PrintWorker();

export const runPrintWork = (input: PrintWorkInput, transfer: ArrayBuffer[] = []) => shared.run(input, transfer);
export const closePrintWorker = () => shared.close();
