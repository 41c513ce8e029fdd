import { imageFileToPdf } from './image-to-pdf.ts';
import { prepareOfficeFile, type PreparedOffice } from './office-prepare.ts';

/**
 * The conversion work that runs in the PDF worker pool (pdf-pool.ts), never on the server's main thread, in the
 * owner's turn and under the worker's time limit and heap cap (docs/decisions/030, 031): a photo made into a page, an
 * office file checked and cleaned before LibreOffice.
 */
export type ConvertJobInput =
  | { op: 'image'; path: string; outPath: string; kind: 'jpeg' | 'png' }
  | { op: 'office'; path: string; outPath: string; format: 'docx' | 'pptx' | 'xlsx' | 'odt' | 'doc' };

export type ConvertJobResult = { width: number; height: number } | PreparedOffice;

/**
 * Runs one of these jobs in the PDF worker pool in its owner's turn (modules/pdf's runConvertJob, which the caller
 * of toPdf binds to the owner); the pool's refusals come back as a ConvertError.
 */
export type RunConvertJob = <T = ConvertJobResult>(input: ConvertJobInput, timeoutMs: number) => Promise<T>;

export function doConvertJob(job: ConvertJobInput): ConvertJobResult {
  if (job.op === 'image') return imageFileToPdf(job.path, job.outPath, job.kind);
  return prepareOfficeFile(job.path, job.outPath, job.format);
}
