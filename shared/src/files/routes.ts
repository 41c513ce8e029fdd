import { z } from 'zod';
import { bodyReadByHandler, contentAnswer, defineRoute, fileFieldSchema, noBodySchema } from '../common/contract.ts';
import { fileUploadResultSchema, pdfUploadResultSchema, storageTestResultSchema } from './schemas.ts';

const tags = ['upload & PDF'] as const;

/** One file, streamed to storage as it arrives. */
const oneFile = bodyReadByHandler(z.object({ file: fileFieldSchema }), 'multipart/form-data, streamed to storage as it arrives: the handler checks the file.');

/** A customer's upload in a path: anything that is not one of theirs is "File not found" (404). */
const fileParams = z.object({ fileId: z.string().max(100, 'File not found') });

/** Which pages of an uploaded PDF hold colour (found once by the server; decision 016). */
export const colourPagesSchema = z.object({ pageCount: z.number().int(), colourPages: z.array(z.number().int()) });
export type ColourPages = z.infer<typeof colourPagesSchema>;

/** The storage test page (customer-side spec, /storage-test). */
export const storageTestRoutes = {
  check: defineRoute('GET', '/api/storage-test', { summary: 'Check the connection to storage', description: 'Customer.', tags, response: { 200: storageTestResultSchema } }),
  testUpload: defineRoute('POST', '/api/storage/test-upload', {
    summary: 'Store a small test file',
    description: 'Customer. Counts in the account\'s upload quota; the clean-up job removes it.',
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
    description: "The owner only. `size=thumb` (240 px, the default) for the page grid, `large` (1000 px) to look closer. 404 'Page not found' past the last page.",
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

/** An object in the shop's storage, as the admin's file manager lists it. */
export const bucketFileSchema = z.object({ key: z.string(), size: z.number().int(), lastModified: z.string(), downloadUrl: z.string() });
export type BucketFile = z.infer<typeof bucketFileSchema>;

const INVALID_KEY = 'Invalid object key';

/** The admin's file manager (back-office spec): the bucket listed, a file copied to the admin bucket, any file downloaded. */
export const fileManagerRoutes = {
  list: defineRoute('GET', '/api/admin/files/list', {
    summary: 'The storage bucket, listed',
    description: 'Admin only; at most 1,000 objects.',
    tags: ['back office'],
    response: { 200: z.object({ files: z.array(bucketFileSchema) }) },
  }),
  copy: defineRoute('POST', '/api/admin/files/copy', {
    summary: 'Copy a file into the admin bucket',
    description: "Admin only. A POST (a GET in the spec): it writes, so a link on another site must not trigger it. 404 'File not found'; 502 `copy_failed`.",
    tags: ['back office'],
    body: z.object({ objectKey: z.string({ error: INVALID_KEY }).min(1, INVALID_KEY).max(512, INVALID_KEY) }),
    response: { 200: z.object({ message: z.string(), key: z.string() }) },
  }),
  download: defineRoute('GET', '/api/admin/files/download', {
    summary: 'Download any stored file',
    description: "Admin only. 400 'Invalid file key'; 404 'File not found'.",
    tags: ['back office'],
    querystring: z.object({ key: z.string({ error: 'Invalid file key' }).min(1, 'Invalid file key').max(512, 'Invalid file key') }),
    response: { 200: contentAnswer('application/octet-stream', 'The object, as an attachment.') },
  }),
};
