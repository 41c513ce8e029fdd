import { z } from 'zod';

/** Upload limits and messages (customer-side spec §5, §8). One place for the web app and the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '10MB';

export const UPLOAD_MESSAGES = {
  notPdf: 'Please upload a PDF file',
  tooLarge: 'Maximum file size is 10MB',
  password: 'This PDF is password-protected. Please remove the password and upload it again.',
  unreadable: 'This file is not a readable PDF. Please upload a valid PDF file.',
  noFile: 'Please select a file to upload',
  uploaded: 'File uploaded successfully',
  storageFailed: 'We could not save your file. Please try again in a moment.',
} as const;

export const STORAGE_TEST_MESSAGES = {
  checkOk: 'Object Storage connection is working properly',
  checkFailed: 'Failed to connect to Object Storage',
  uploadOk: 'Successfully uploaded test file to Object Storage',
  uploadFailed: 'Failed to upload test file',
} as const;

export const pageSizeSchema = z.object({
  /** Points, as printed (rotation applied). */
  width: z.number(),
  height: z.number(),
  /** a4, a3, letter, legal or custom. */
  size: z.string(),
});
export type PageSizeInfo = z.infer<typeof pageSizeSchema>;

export const pdfInfoSchema = z.object({
  pageCount: z.number().int().positive(),
  pages: z.array(pageSizeSchema),
});
export type PdfInfo = z.infer<typeof pdfInfoSchema>;

/** 201 answer of POST /api/pdf/upload. */
export const pdfUploadResultSchema = z.object({
  file: z.object({
    id: z.string(),
    /** Where the owner can fetch the stored PDF. */
    url: z.string(),
    /** The storage key. */
    path: z.string(),
    originalFilename: z.string(),
    size: z.number().int(),
    previewUrl: z.string(),
  }),
  pdfInfo: pdfInfoSchema,
});
export type PdfUploadResult = z.infer<typeof pdfUploadResultSchema>;

/** GET /api/storage-test and POST /api/storage/test-upload. */
export const storageTestResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

/** POST /api/files/upload. */
export const fileUploadResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  file: z.object({ id: z.string(), key: z.string(), size: z.number().int() }),
});
export type FileUploadResult = z.infer<typeof fileUploadResultSchema>;
