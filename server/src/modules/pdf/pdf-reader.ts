import fs from 'node:fs/promises';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { ConvertError, type ConvertJobInput } from '../convert/index.ts';
import type { PdfInfo } from './pdf-analyzer.ts';
import { PdfError } from './pdf-errors.ts';
import { PdfBusyError, PdfPool } from './pdf-pool.ts';

/**
 * The shop's way into mupdf: every file is read in the worker pool (pdf-pool.ts), never on the main thread, so
 * each job is bounded in time and memory (decision 010). `owner` is whose job it is (the customer's id): one
 * customer's jobs run one at a time and never keep another customer's waiting.
 */

export { PdfBusyError, PdfWorkerUnavailable } from './pdf-pool.ts';

const MB = 1024 * 1024;

/**
 * Reading a 3,000-page manual takes well under a second; opening a hostile file of a million objects and refusing it
 * takes one to four on a busy two-core machine. A job this long is a hostile or broken file.
 */
export const ANALYZE_TIME_LIMIT_MS = 30_000;
/** Page 1 at 300 px: milliseconds for real pages; a content stream that inflates to gigabytes is stopped. */
export const PREVIEW_TIME_LIMIT_MS = 5_000;

const pool = new PdfPool({
  // Two threads: one customer's slow file never holds up everyone else's on a two-core shop machine.
  workers: 2,
  // A 3,097-page, 8 MB file needs a 38 MB heap; a 300 dpi colour scan on page 1 decodes to about 26 MB more.
  heapCapBytes: 128 * MB,
  recycleHeapBytes: 64 * MB,
  maxWaitingPerOwner: 3,
  maxWaitingTotal: 50,
  idleStopMs: 60_000,
  // Real uploads are mostly well under 2 MB; two 9 MB manuals at once would hold two large heaps (decision 010).
  bigJobBytes: 2 * MB,
});

/**
 * Page count, page sizes and active content of the PDF at `path` (a temporary file). With `cleanCopyPath`, a copy
 * fit to keep is written there when the file had active content or needed repair (`cleaned` in the answer).
 */
export async function readPdfFile(
  path: string,
  opts: { owner?: string; cleanCopyPath?: string } = {},
): Promise<PdfInfo> {
  const size = await fs.stat(path).then(
    (s) => s.size,
    () => 0,
  );
  return pool.run<PdfInfo>(
    opts.owner ?? '',
    { op: 'analyze', path, cleanCopyPath: opts.cleanCopyPath },
    ANALYZE_TIME_LIMIT_MS,
    [],
    size,
  );
}

/** Page 1 as PNG. */
export async function renderPreview(bytes: Buffer, owner = ''): Promise<Buffer> {
  const copy = new Uint8Array(bytes);
  const png = await pool.run<Uint8Array>(
    owner,
    { op: 'preview', bytes: copy },
    PREVIEW_TIME_LIMIT_MS,
    [copy.buffer],
    copy.byteLength,
  );
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

/** Colour detection of a whole file may take this long (285 pages take about 2 s here; decision 016). */
const COLOUR_TIME_LIMIT_MS = 60_000;

/** The 1-based pages of the PDF at `path` that hold colour (in the owner's turn, like every read). */
export async function readColourPages(path: string, owner = ''): Promise<{ pageCount: number; colourPages: number[] }> {
  const size = await fs.stat(path).then(
    (s) => s.size,
    () => 0,
  );
  return pool.run(
    owner,
    { op: 'colours', path, deadline: Date.now() + COLOUR_TIME_LIMIT_MS },
    COLOUR_TIME_LIMIT_MS + 5_000,
    [],
    size,
  );
}

/** One page of the PDF at `path` as a PNG `width` pixels wide (the wizard's thumbnails). */
export async function renderPage(path: string, page: number, width: number, owner = ''): Promise<Buffer> {
  const png = await pool.run<Uint8Array>(owner, { op: 'thumb', path, page, width }, PREVIEW_TIME_LIMIT_MS);
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

/** The worker pool's refusals, in a photo's or a document's words. */
function workerError(err: unknown, kind: 'image' | 'office'): unknown {
  if (err instanceof PdfBusyError)
    return new ConvertError(
      'convert_busy',
      err.scope === 'owner' ? UPLOAD_MESSAGES.busyCustomer : FORMAT_MESSAGES.busy,
      err.scope === 'owner' ? 429 : 503,
    );
  if (!(err instanceof PdfError)) return err;
  const code = err.code as string;
  if (code.startsWith('convert_') || code === 'image_too_large' || code === 'invalid_file_type')
    return new ConvertError(code as ConvertError['code'], err.message);
  // Past the worker's heap cap or its time limit.
  if (code === 'pdf_too_complex' || code === 'pdf_too_slow') {
    return kind === 'image'
      ? new ConvertError('image_too_large', FORMAT_MESSAGES.imageTooLarge)
      : new ConvertError('convert_too_large', FORMAT_MESSAGES.zipBomb);
  }
  return kind === 'image'
    ? new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage)
    : new ConvertError('convert_broken', FORMAT_MESSAGES.broken);
}

/**
 * A photo or an office file's check, in the owner's turn (convert's toPdf; the jobs themselves: convert/worker-jobs.ts).
 * The pool's refusals come back as a ConvertError, in a photo's or a document's words.
 */
export async function runConvertJob<T>(owner: string, input: ConvertJobInput, timeoutMs: number): Promise<T> {
  const size = await fs.stat(input.path).then(
    (s) => s.size,
    () => 0,
  );
  try {
    return await pool.run<T>(owner, input, timeoutMs, [], size);
  } catch (err) {
    throw workerError(err, input.op);
  }
}

/** Whether a worker thread is up (tests). */
export function isPdfWorkerRunning(): boolean {
  return pool.liveWorkers > 0;
}

export function closePdfWorker(): Promise<void> {
  return pool.close();
}
