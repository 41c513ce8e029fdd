import { parentPort, workerData } from 'node:worker_threads';
import { useCompiledMupdf } from '../../lib/mupdf-wasm.ts';
import type { PrintDocumentInput } from './print-document.ts';
import type { TicketData } from './ticket.ts';

/** Tickets and print-ready PDFs are made here, off the main thread (print-worker-client.ts sends the work). */
export type PrintWorkInput =
  | { op: 'ticket'; ticket: TicketData }
  | { op: 'document'; ticket: TicketData | null; document: Omit<PrintDocumentInput, 'ticket'> };
export type PrintWork = PrintWorkInput & { id: number };
export type PrintWorkResult =
  | { id: number; ok: true; pdf: Uint8Array; pageCount: number }
  | { id: number; ok: false; message: string; known: boolean };
export interface PrintWorkerData {
  /** mupdf compiled by the main thread (lib/mupdf-wasm.ts), or null to compile it here. */
  wasmModule: object | null;
}

// mupdf takes the compiled module only if it is handed over before mupdf loads: so mupdf and its users load after.
useCompiledMupdf((workerData as PrintWorkerData | null)?.wasmModule ?? null);
const mupdf = await import('mupdf');
const { buildPrintDocument, PrintDocumentError } = await import('./print-document.ts');
const { renderTicket } = await import('./ticket.ts');

async function run(work: PrintWorkInput): Promise<{ pdf: Uint8Array; pageCount: number }> {
  if (work.op === 'ticket') return { pdf: await renderTicket(work.ticket), pageCount: 1 };
  const ticket = work.ticket ? await renderTicket(work.ticket) : null;
  return buildPrintDocument({ ...work.document, ticket });
}

parentPort?.on('message', (work: PrintWork) => {
  run(work)
    .then(
      ({ pdf, pageCount }) =>
        parentPort!.postMessage({ id: work.id, ok: true, pdf, pageCount } satisfies PrintWorkResult, [
          pdf.buffer as ArrayBuffer,
        ]),
      (err: unknown) => {
        const known = err instanceof PrintDocumentError;
        parentPort!.postMessage({
          id: work.id,
          ok: false,
          known,
          message: known ? (err as Error).message : String((err as Error)?.message ?? err),
        } satisfies PrintWorkResult);
      },
    )
    .finally(() => mupdf.emptyStore());
});
parentPort?.postMessage({ ready: true });
