/**
 * Customers' and clerks' uploads: received, made a PDF, read, stored and recorded.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { receiveUpload } from './upload-receiver.ts';
export { uploadsRoutes } from './uploads.routes.ts';
export { uploadPdf } from './uploads.service.ts';
