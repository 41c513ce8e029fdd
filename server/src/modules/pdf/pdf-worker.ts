import { parentPort } from 'node:worker_threads';
import * as mupdf from 'mupdf';
import { analyzePdfFile, PdfError, renderPreviewPng } from './pdf-analyzer.ts';

/** Runs mupdf off the main thread: requests come from pdf-reader.ts, one at a time. */
export type PdfJobInput = { op: 'analyze'; path: string } | { op: 'preview'; bytes: Uint8Array };
export type PdfJob = PdfJobInput & { id: number };

export type PdfJobResult =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { pdf: boolean; code: string; message: string } };

/** Sent once the module (and mupdf) has loaded: from then on a dying worker is the file's doing. */
export type PdfWorkerReady = { ready: true };

parentPort?.on('message', (job: PdfJob) => {
  let reply: PdfJobResult;
  const transfer: ArrayBuffer[] = [];
  try {
    if (job.op === 'analyze') {
      reply = { id: job.id, ok: true, value: analyzePdfFile(job.path) };
    } else {
      const png = renderPreviewPng(job.bytes);
      const copy = new Uint8Array(png);
      transfer.push(copy.buffer);
      reply = { id: job.id, ok: true, value: copy };
    }
  } catch (err) {
    reply =
      err instanceof PdfError
        ? { id: job.id, ok: false, error: { pdf: true, code: err.code, message: err.message } }
        : { id: job.id, ok: false, error: { pdf: false, code: 'internal', message: String((err as Error)?.message ?? err) } };
  }
  // Decoded objects are cached by mupdf's store; nothing is reused across customers' files.
  mupdf.emptyStore();
  parentPort!.postMessage(reply, transfer);
});

parentPort?.postMessage({ ready: true } satisfies PdfWorkerReady);
