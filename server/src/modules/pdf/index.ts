/**
 * Reading PDFs in the worker pool: page counts and sizes, previews, page images, colour pages, print copies
 * (docs/decisions/010, 016, 032). The module's front door: other code imports only what is named here
 * (docs/decisions/045-module-front-doors.md).
 */
export { colourPagesOf } from './colours.service.ts';
export { PRINT_COPY_VERSION } from './legacy-print-copy.ts';
export { forgetPageCopy } from './page-copies.ts';
export { readPdfFile, runConvertJob } from './pdf-reader.ts';
export { pdfRoutes } from './pdf.routes.ts';
export { fileUrlOf, previewUrlOf, readFailureToAppError, type UploadOwner } from './pdf.service.ts';
export { previewKeyOf } from './preview-key.ts';
