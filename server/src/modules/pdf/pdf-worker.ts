import { parentPort, workerData } from 'node:worker_threads';
import type { ConvertJobInput } from '../convert/index.ts';
import { useCompiledMupdf } from '../../lib/mupdf-wasm.ts';
import { installWasmHeapCap, wasmHeapBytes, wasmHeapRefusals } from './wasm-heap-cap.ts';

/** Runs mupdf off the main thread: jobs come from pdf-pool.ts, one at a time per worker. */
export type PdfJobInput =
  | { op: 'analyze'; path: string; cleanCopyPath?: string }
  | { op: 'preview'; bytes: Uint8Array }
  | { op: 'colours'; path: string; deadline: number }
  | { op: 'thumb'; path: string; page: number; width: number }
  | ConvertJobInput;
export type PdfJob = PdfJobInput & { id: number };

export type PdfJobResult =
  | { id: number; ok: true; value: unknown; heapBytes: number }
  | { id: number; ok: false; error: { pdf: boolean; code: string; message: string }; heapBytes: number };

/** Sent once mupdf has loaded: from then on a dying worker is the file's doing. */
export type PdfWorkerReady = { ready: true };

export interface PdfWorkerData {
  heapCapBytes: number;
  /** mupdf's compiled WebAssembly.Module from the pool (shared code), or null to compile it here. */
  wasmModule: object | null;
}

const data = workerData as PdfWorkerData;
// The cap must be in place before mupdf allocates anything, so mupdf (through the analyzer) is imported afterwards.
installWasmHeapCap(data.heapCapBytes);
useCompiledMupdf(data.wasmModule);
const mupdf = await import('mupdf');
const { analyzePdfFile, renderPreviewPng, PdfError, PDF_MESSAGES } = await import('./pdf-analyzer.ts');
const { colourPagesOfFile, renderPageOfFile } = await import('./colour-pages.ts');
// The photo and office jobs of the convert module run in this pool too (decisions 030, 031).
const { loadConvertJobs, ConvertError } = await import('../convert/index.ts');
const doConvertJob = await loadConvertJobs();

parentPort?.on('message', (job: PdfJob) => {
  let reply: PdfJobResult;
  const transfer: ArrayBuffer[] = [];
  const refusalsBefore = wasmHeapRefusals();
  try {
    if (job.op === 'analyze') {
      reply = {
        id: job.id,
        ok: true,
        value: analyzePdfFile(job.path, { cleanCopyPath: job.cleanCopyPath }),
        heapBytes: 0,
      };
    } else if (job.op === 'image' || job.op === 'office') {
      reply = { id: job.id, ok: true, value: doConvertJob(job), heapBytes: 0 };
    } else if (job.op === 'colours') {
      reply = { id: job.id, ok: true, value: colourPagesOfFile(job.path, job.deadline), heapBytes: 0 };
    } else if (job.op === 'thumb') {
      const copy = new Uint8Array(renderPageOfFile(job.path, job.page, job.width));
      transfer.push(copy.buffer);
      reply = { id: job.id, ok: true, value: copy, heapBytes: 0 };
    } else {
      const png = renderPreviewPng(job.bytes);
      const copy = new Uint8Array(png);
      transfer.push(copy.buffer);
      reply = { id: job.id, ok: true, value: copy, heapBytes: 0 };
    }
  } catch (err) {
    // Whatever mupdf made of it, a job that ran into the heap cap needed more memory than a file may have.
    const capped = wasmHeapRefusals() > refusalsBefore;
    const error = capped
      ? { pdf: true, code: 'pdf_too_complex', message: PDF_MESSAGES.tooComplex }
      : err instanceof PdfError || err instanceof ConvertError
        ? { pdf: true, code: err.code, message: err.message }
        : { pdf: false, code: 'internal', message: String((err as Error)?.message ?? err) };
    reply = { id: job.id, ok: false, error, heapBytes: 0 };
  }
  // Decoded objects are cached by mupdf's store; nothing is reused across customers' files.
  mupdf.emptyStore();
  reply.heapBytes = wasmHeapBytes();
  parentPort!.postMessage(reply, transfer);
});

parentPort?.postMessage({ ready: true } satisfies PdfWorkerReady);
