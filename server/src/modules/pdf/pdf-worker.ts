import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { analyzePdf, PdfError, renderPreviewPng } from './pdf-analyzer.ts';

/** Runs mupdf off the main thread: requests come from pdf-reader.ts, one at a time. */
export type PdfJobInput = { op: 'analyze'; path: string } | { op: 'preview'; bytes: Uint8Array };
export type PdfJob = PdfJobInput & { id: number };

export type PdfJobResult =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { pdf: boolean; code: string; message: string } };

parentPort?.on('message', (job: PdfJob) => {
  let reply: PdfJobResult;
  const transfer: ArrayBuffer[] = [];
  try {
    if (job.op === 'analyze') {
      reply = { id: job.id, ok: true, value: analyzePdf(fs.readFileSync(job.path)) };
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
  parentPort!.postMessage(reply, transfer);
});
