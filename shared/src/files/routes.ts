import { z } from 'zod';
import { bodyReadByHandler, contentAnswer, defineRoute, fileFieldSchema, noBodySchema } from '../common/contract.ts';
import { fileDeleteResultSchema, fileManagerPageSchema, fileManagerQuerySchema } from './file-manager.ts';
import { deleteOwnFilesResultSchema } from './retention.ts';
import { fileUploadResultSchema, pdfUploadResultSchema, storageTestResultSchema } from './schemas.ts';
import { orderRefParamsSchema } from '../orders/refs.ts';

const tags = ['upload & PDF'] as const;

/** One file, streamed to storage as it arrives. */
const oneFile = bodyReadByHandler(
  z.object({ file: fileFieldSchema }),
  'multipart/form-data, streamed to storage as it arrives: the handler checks the file.',
);

/** A customer's upload in a path: anything that is not one of theirs is "File not found" (404). */
const fileParams = z.object({ fileId: z.string().max(100, 'File not found') });

/** A kept file in the admin's path: anything that is not one is "File not found" (404). */
const keptFileParams = z.object({ id: z.string().max(100, 'File not found') });

/** Which pages of an uploaded PDF hold colour (found once by the server; decision 016). */
export const colourPagesSchema = z.object({ pageCount: z.number().int(), colourPages: z.array(z.number().int()) });
export type ColourPages = z.infer<typeof colourPagesSchema>;

/** The storage test page (/storage-test): checks the storage connection and uploads. */
export const storageTestRoutes = {
  check: defineRoute('GET', '/api/storage-test', {
    summary: 'Check the connection to storage',
    description: 'Customer.',
    tags,
    response: { 200: storageTestResultSchema },
  }),
  testUpload: defineRoute('POST', '/api/storage/test-upload', {
    summary: 'Store a small test file',
    description: "Customer. Counts in the account's upload quota; the clean-up job removes it.",
    tags,
    body: noBodySchema,
    response: { 200: storageTestResultSchema },
  }),
  upload: defineRoute('POST', '/api/files/upload', {
    summary: 'Store any file (the storage test page)',
    description:
      "Customer. One field `file` (any type, at most 10MB: 413 'Maximum file size is 10MB'; 400 `no_file` without one).",
    tags,
    consumes: ['multipart/form-data'],
    body: oneFile,
    response: { 200: fileUploadResultSchema },
  }),
};

/** Upload and preview of the documents to print. */
export const pdfRoutes = {
  upload: defineRoute('POST', '/api/pdf/upload', {
    summary: 'Upload a document to print',
    description:
      "Customer. One field `file`: a PDF, a JPG or PNG photo, or (with LibreOffice on the server) DOCX, DOC, ODT, PPTX or XLSX, made into a PDF (`converted` says from what; decision 017). 400 'Please upload a PDF file' (naming the formats the shop takes), the password message or the broken-file message (`invalid_file_type`, `pdf_password_protected`, `pdf_unreadable`, `pdf_too_many_pages`, `pdf_page_tree_damaged`…); 413 'Maximum file size is 10MB'; 429 quotas (decision 012).",
    tags,
    consumes: ['multipart/form-data'],
    body: oneFile,
    response: { 201: pdfUploadResultSchema },
  }),
  preview: defineRoute('GET', '/api/pdf/:fileId/preview', {
    summary: 'Page 1 of an upload as a PNG',
    description: "The owner only; 404 'File not found' for anyone else.",
    tags,
    params: fileParams,
    response: { 200: contentAnswer('image/png', 'Page 1, rendered.') },
  }),
  page: defineRoute('GET', '/api/pdf/:fileId/pages/:page', {
    summary: 'One page of an upload as a PNG',
    description:
      "The owner only. `size=thumb` (240 px, the default) for the page grid, `large` (1000 px) to look closer. 404 'Page not found' past the last page.",
    tags,
    params: fileParams.extend({ page: z.string() }),
    querystring: z.object({ size: z.enum(['thumb', 'large']).default('thumb').catch('thumb') }),
    response: { 200: contentAnswer('image/png', 'The page, rendered.') },
  }),
  colours: defineRoute('GET', '/api/pdf/:fileId/colours', {
    summary: 'Which pages hold colour',
    description: 'The owner only. 1-based page numbers, found once and kept (decision 016).',
    tags,
    params: fileParams,
    response: { 200: colourPagesSchema },
  }),
  file: defineRoute('GET', '/api/pdf/:fileId/file', {
    summary: 'The uploaded PDF itself',
    description: "The owner only (the upload answer's `file.url`).",
    tags,
    params: fileParams,
    response: { 200: contentAnswer('application/pdf', 'The stored PDF.') },
  }),
};

/** The admin's file manager (decision 026): the files the shop keeps, a page at a time. */
export const fileManagerRoutes = {
  list: defineRoute('GET', '/api/admin/files/list', {
    summary: 'The files the shop keeps',
    description:
      "Admin only. From the database, with who, which order, how big, how old and when each goes; the original API's fields (key, size, lastModified, downloadUrl) kept.",
    tags: ['back office'],
    querystring: fileManagerQuerySchema,
    response: { 200: fileManagerPageSchema },
  }),
  download: defineRoute('GET', '/api/admin/files/:id/download', {
    summary: 'Download a kept file',
    description:
      "Admin only; only where the counter could download it too (403 `not_downloadable` for a sensitive document or a file not in a paid order); 404 'File not found'.",
    tags: ['back office'],
    params: keptFileParams,
    response: { 200: contentAnswer('application/pdf', 'The print copy, as an attachment.') },
  }),
  remove: defineRoute('DELETE', '/api/admin/files/:id', {
    summary: 'Delete a kept file',
    description:
      "Admin only. Everywhere it is used; 409 `order_not_ready` for a file of an order not yet ready unless `confirmUnfinished=true`; 404 'File not found'.",
    tags: ['back office'],
    params: keptFileParams,
    querystring: z.object({
      confirmUnfinished: z.preprocess((v) => v === 'true' || v === true, z.boolean()).catch(false),
    }),
    response: { 200: fileDeleteResultSchema },
  }),
};

/** "Delete my files now" (decision 026). */
export const ownFilesRoutes = {
  deleteNow: defineRoute('DELETE', '/api/orders/:ref/files', {
    summary: "Delete one's order's files now",
    description:
      "The order's own customer, once it is collected or delivered (409 `not_handed_over` before); anyone else's order is 'Order not found'. The shop keeps the order and its bill. Asking again answers that they are already deleted.",
    tags: ['payment & orders'],
    params: orderRefParamsSchema,
    response: { 200: deleteOwnFilesResultSchema },
  }),
};
