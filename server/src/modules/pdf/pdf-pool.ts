import type { Worker } from 'node:worker_threads';
import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { FairQueue } from '../../lib/fair-queue.ts';
import { PDF_MESSAGES, PdfError, type PdfErrorCode } from './pdf-errors.ts';
import type { PdfJob, PdfJobInput, PdfJobResult, PdfWorkerData, PdfWorkerReady } from './pdf-worker.ts';
import { compileMupdf } from '../../lib/mupdf-wasm.ts';
import { startPdfWorker } from './pdf-worker-thread.ts';

/**
 * mupdf is synchronous WASM, so it runs in worker threads, and one customer's files must never hold up another's
 * (decision 010): a few workers, at most one running job per customer, each customer's jobs in their own queue,
 * customers served in turn. Every job has a time limit (the worker is stopped and replaced when it passes it) and
 * every worker a hard WebAssembly heap cap (wasm-heap-cap.ts) plus V8 heap limits, so the PDF work as a whole
 * cannot take more than `workers × (heap cap + JS limits)`. A worker whose heap grew large is replaced after its
 * job (WASM memory never shrinks), and an idle one is stopped.
 */

export interface PdfPoolOptions {
  workers: number;
  heapCapBytes: number;
  /**
   * Jobs one customer may have waiting (beyond the one running), counted apart for reading uploads and for looking
   * at pages (page pictures, colour pages): a customer scrolling their thumbnails never gets their next upload
   * refused, and the reverse.
   */
  maxWaitingPerOwner: number;
  maxWaitingTotal: number;
  idleStopMs: number;
  /** A worker whose WASM heap passed this is replaced after its job, giving the memory back. */
  recycleHeapBytes: number;
  /**
   * Files larger than this are "big": at most one big job runs at a time (another waits its turn), so two large
   * files never hold two heaps at once, while small files (most uploads) still run beside a big one.
   */
  bigJobBytes: number;
  /**
   * A job's time limit counts from when its worker is ready, so a worker slow to start on a busy machine (a thread,
   * mupdf loaded) never makes a customer's file look too slow. A worker not ready after this long is given up on and
   * its job refused as the shop's trouble, not the file's. Default 30 s.
   */
  startLimitMs?: number;
  /** Starts one worker thread (default: the shop's PDF worker; tests hold a worker's start with their own). */
  startWorker?: (data: PdfWorkerData) => Worker;
}

/** Refused before it ran: the customer (429) or the shop (503) has too many files waiting. */
export class PdfBusyError extends Error {
  constructor(
    readonly scope: 'owner' | 'shop',
    message: string,
  ) {
    super(message);
    this.name = 'PdfBusyError';
  }
}

/** No worker thread could start at all (not a file's fault). */
export class PdfWorkerUnavailable extends Error {}

type Job = {
  owner: string;
  input: PdfJobInput;
  /** The input's size in bytes (big jobs run one at a time). */
  weight: number;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};

interface Slot {
  worker: Worker | null;
  online: boolean;
  /** Its running job; `timer` is the job's time limit once the worker is ready, the start limit until then. */
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  idleTimer: NodeJS.Timeout | null;
}

/** Reading an upload (or converting it), or looking at pages of a file already read (limited apart, see above). */
const kindOf = (input: PdfJobInput) =>
  input.op === 'analyze' || input.op === 'image' || input.op === 'office' ? 'read' : 'look';

export class PdfPool {
  private readonly slots: Slot[];
  private readonly queue = new FairQueue<Job>();
  private seq = 0;
  private startFailures = 0;
  private peakHeap = 0;
  /**
   * mupdf compiled (lib/mupdf-wasm.ts); undefined: not yet; null: each worker compiles its own. Dropped with the last
   * worker.
   */
  private wasm: object | null | undefined;

  constructor(private readonly opts: PdfPoolOptions) {
    this.slots = Array.from({ length: Math.max(1, opts.workers) }, () => ({
      worker: null,
      online: false,
      job: null,
      idleTimer: null,
    }));
  }

  run<T>(owner: string, input: PdfJobInput, timeoutMs: number, transfer: ArrayBuffer[] = [], weight = 0): Promise<T> {
    const kind = kindOf(input);
    if (this.queue.waitingOf(owner, (j) => kindOf(j.input) === kind) >= this.opts.maxWaitingPerOwner)
      return Promise.reject(new PdfBusyError('owner', UPLOAD_MESSAGES.busyCustomer));
    if (this.queue.waiting >= this.opts.maxWaitingTotal)
      return Promise.reject(new PdfBusyError('shop', UPLOAD_MESSAGES.busyShop));
    return new Promise<T>((resolve, reject) => {
      this.queue.add({ owner, input, weight, transfer, timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Starts waiting jobs on free workers, taking customers in turn and skipping those with a job running. */
  private pump() {
    // A worker is about to start: compile mupdf first (once, 15–30 ms on this thread; decision 052).
    if (this.wasm === undefined && this.queue.waiting > 0 && this.slots.some((s) => !s.job && !s.worker))
      this.wasm = compileMupdf();
    let bigRunning = this.slots.some((s) => s.job && s.job.weight > this.opts.bigJobBytes);
    for (const slot of this.slots) {
      if (slot.job) continue;
      // While a big job runs, only customers whose next file is small.
      const job = this.queue.take(bigRunning ? this.opts.bigJobBytes : undefined);
      if (!job) break;
      this.start(slot, job);
      bigRunning ||= job.weight > this.opts.bigJobBytes;
    }
    for (const slot of this.slots) if (!slot.job) this.scheduleIdleStop(slot);
  }

  private start(slot: Slot, job: Job) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    if (!slot.worker) slot.worker = this.spawn(slot);
    const worker = slot.worker;
    const id = ++this.seq;
    const timer = slot.online ? this.timeLimit(slot, id, job.timeoutMs) : this.startLimit(slot, id);
    slot.job = { ...job, id, timer };
    worker.postMessage({ ...job.input, id } satisfies PdfJob, job.transfer);
  }

  /** The job's own time limit: a file that keeps mupdf busy this long is refused, its worker stopped and replaced. */
  private timeLimit(slot: Slot, id: number, timeoutMs: number): NodeJS.Timeout {
    return setTimeout(() => {
      if (slot.job?.id !== id) return;
      this.retire(slot);
      this.finish(slot, (j) => j.reject(new PdfError('pdf_too_slow', PDF_MESSAGES.tooSlow)));
    }, timeoutMs);
  }

  /** Until its worker is ready: a worker that never gets there is given up on, and the job refused as the shop's. */
  private startLimit(slot: Slot, id: number): NodeJS.Timeout {
    return setTimeout(() => {
      if (slot.job?.id !== id) return;
      this.retire(slot);
      this.finish(slot, (j) => j.reject(new PdfWorkerUnavailable('the PDF worker did not start in time')));
    }, this.opts.startLimitMs ?? 30_000);
  }

  /** Ends the slot's job (settling it with `settle`) and moves on to the next. */
  private finish(slot: Slot, settle: (job: Job) => void) {
    const job = slot.job;
    if (!job) return;
    clearTimeout(job.timer);
    slot.job = null;
    this.queue.done(job.owner);
    settle(job);
    this.pump();
  }

  private spawn(slot: Slot): Worker {
    const w = (this.opts.startWorker ?? startPdfWorker)({
      heapCapBytes: this.opts.heapCapBytes,
      wasmModule: this.wasm ?? null,
    });
    slot.online = false;
    w.on('message', (msg: PdfJobResult | PdfWorkerReady) => {
      if (slot.worker !== w) return;
      if ('ready' in msg) {
        slot.online = true;
        this.startFailures = 0;
        // The job sent while it started: its time limit starts now.
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.timer = this.timeLimit(slot, slot.job.id, slot.job.timeoutMs);
        }
        return;
      }
      if (slot.job?.id !== msg.id) return;
      this.peakHeap = Math.max(this.peakHeap, msg.heapBytes);
      if (msg.heapBytes > this.opts.recycleHeapBytes || (!msg.ok && msg.error.code === 'pdf_too_complex'))
        this.retire(slot);
      this.finish(slot, (job) => {
        if (msg.ok) job.resolve(msg.value);
        else if (msg.error.pdf) job.reject(new PdfError(msg.error.code as PdfErrorCode, msg.error.message));
        else job.reject(new Error(msg.error.message));
      });
    });
    const died = (err: unknown) => {
      if (slot.worker !== w) return;
      const wasOnline = slot.online;
      slot.worker = null;
      const outOfMemory = (err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!wasOnline && !outOfMemory) {
        // It never started (no threads, a broken install): not the file's fault; say so once in the log.
        this.wasm = null; // the next worker compiles mupdf itself, in case the shared module was the trouble
        if (++this.startFailures === 1)
          process.emitWarning(
            `The PDF worker could not start: ${String((err as Error)?.message ?? err)}`,
            'PdfWorkerWarning',
          );
        this.finish(slot, (job) => job.reject(new PdfWorkerUnavailable(String((err as Error)?.message ?? err))));
        return;
      }
      // Dying on a file (V8 heap limit, a crash in mupdf) refuses that file only; the next job gets a fresh worker.
      this.finish(slot, (job) =>
        job.reject(
          outOfMemory
            ? new PdfError('pdf_too_complex', PDF_MESSAGES.tooComplex)
            : new PdfError('pdf_unreadable', PDF_MESSAGES.unreadable),
        ),
      );
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`PDF worker exited with code ${code}`)));
    return w;
  }

  /** Stops a slot's worker now; its job (if any) is settled by the caller. */
  private retire(slot: Slot) {
    const w = slot.worker;
    slot.worker = null;
    slot.online = false;
    if (w) void w.terminate();
  }

  private scheduleIdleStop(slot: Slot) {
    if (!slot.worker || slot.idleTimer) return;
    const w = slot.worker;
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (slot.worker === w && !slot.job) this.retire(slot);
      // With no worker left the compiled code goes too (about 25 MB); the next file compiles it again.
      if (this.liveWorkers === 0) this.wasm = undefined;
    }, this.opts.idleStopMs);
    slot.idleTimer.unref();
  }

  /** Workers alive now (tests, the bench). */
  get liveWorkers(): number {
    return this.slots.filter((s) => s.worker).length;
  }

  /** Whose jobs are running now, one entry a job (tests). */
  get runningJobs(): string[] {
    return this.slots.flatMap((s) => (s.job ? [s.job.owner] : []));
  }

  /** The largest WebAssembly heap a worker reported after a job (tests, the bench). */
  get peakHeapBytes(): number {
    return this.peakHeap;
  }

  /** Stops every worker; running and waiting jobs are refused. The pool starts workers again when next used. */
  async close() {
    for (const job of this.queue.clear()) job.reject(new PdfWorkerUnavailable('closed'));
    for (const slot of this.slots) {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      const w = slot.worker;
      slot.worker = null;
      this.finish(slot, (job) => job.reject(new PdfWorkerUnavailable('closed')));
      if (w) await w.terminate();
    }
  }
}
