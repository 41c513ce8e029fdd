/**
 * Photos and office files made into PDFs (docs/decisions/017, 030, 031).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { ConvertError } from './convert-error.ts';
export { toPdf } from './convert.ts';
export { ACCEPTED_MAGICS } from './detect.ts';
export { ConversionAbandoned, officeAvailable, officeStartLine, warmOfficeProfile } from './office.ts';
export { type ConvertJobInput, doConvertJob, type RunConvertJob } from './worker-jobs.ts';
