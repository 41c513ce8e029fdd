/**
 * Photos and office files made into PDFs (docs/decisions/017, 030, 031).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { ConvertError } from './convert-error.ts';
export { toPdf } from './convert.ts';
export { ACCEPTED_MAGICS } from './detect.ts';
export { ConversionAbandoned, officeAvailable, officeStartLine, warmOfficeProfile } from './office.ts';
export type { ConvertJobInput, ConvertJobResult, RunConvertJob } from './worker-jobs.ts';

/**
 * The conversion jobs, for the PDF worker only. Loaded when asked: they bring mupdf, and the server's main thread,
 * which imports this front door, must not load it (decision 044; about 25 MB of its idle memory).
 */
export const loadConvertJobs = async () => (await import('./worker-jobs.ts')).doConvertJob;
