import { z } from 'zod';
import { formatCount } from '../common/money.ts';

/** Upload limits and messages (the original API's words). One place for the web app and the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '10MB';

/**
 * Pages per PDF (decision 010). Real documents stay far below it: the largest manual in the test corpus (the R
 * reference manual) has 2,415 pages, theses and project reports a few hundred; a 10 MB text PDF holds about
 * 3,000. Bigger files are split by the customer, so one upload cannot occupy the PDF reader for long.
 */
export const MAX_PDF_PAGES = 5000;
export const MAX_PDF_PAGES_LABEL = formatCount(MAX_PDF_PAGES);

/** What the upload step says about the limits. */
export const UPLOAD_LIMITS_HINT = `Up to ${MAX_UPLOAD_LABEL} and ${MAX_PDF_PAGES_LABEL} pages a file`;

const RESAVE = 'Please re-save it (Print → Save as PDF) and upload again.';

export const UPLOAD_MESSAGES = {
  notPdf: 'Please upload a PDF file',
  tooLarge: 'Maximum file size is 10MB',
  password: 'This PDF is password-protected. Please remove the password and upload it again.',
  unreadable: 'This file is not a readable PDF. Please upload a valid PDF file.',
  noFile: 'Please select a file to upload',
  uploaded: 'File uploaded successfully',
  storageFailed: 'We could not save your file. Please try again in a moment.',
  tooManyPages: `This PDF has more than ${MAX_PDF_PAGES_LABEL} pages. Please split it into files of at most ${MAX_PDF_PAGES_LABEL} pages and upload them one by one.`,
  pageTreeDamaged: `This PDF's page list is damaged. ${RESAVE}`,
  tooComplex: `This PDF needs more memory to read than one file may use. ${RESAVE}`,
  tooSlow: `This PDF takes too long to read. ${RESAVE}`,
  previewTooComplex:
    'The first page of this PDF is too complex to show. Please check the file, re-save it (Print → Save as PDF) and upload again.',
  busyCustomer: 'Your earlier files are still being read. Please wait a moment and try again.',
  busyShop: 'The shop is reading many files right now. Please try again in a minute.',
} as const;

const pages = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'page' : 'pages'}`;

/** A page tree whose root /Count disagrees with the pages it really holds (issue: a 100-page file sold as 1 page). */
export function pageCountMismatchMessage(says: number, holds: number): string {
  return `This PDF's page list is damaged (it says ${pages(says)} but holds ${holds.toLocaleString('en-IN')}). ${RESAVE}`;
}

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

/** Consecutive pages of the same size, in page order: how page sizes are stored (a 3,000-page manual is a few groups). */
export const pageSizeGroupSchema = pageSizeSchema.extend({ count: z.number().int().positive() });
export type PageSizeGroup = z.infer<typeof pageSizeGroupSchema>;

export const pdfInfoSchema = z.object({
  pageCount: z.number().int().positive(),
  /** Every page in order (at most MAX_PDF_PAGES). */
  pages: z.array(pageSizeSchema),
  /** The same sizes as runs of equal pages. */
  sizeGroups: z.array(pageSizeGroupSchema),
  /** Scripts, launch actions or attached files were removed from the copy the shop keeps and prints. */
  activeContentRemoved: z.boolean(),
});
export type PdfInfo = z.infer<typeof pdfInfoSchema>;

const sameSize = (a: PageSizeInfo, b: PageSizeInfo) =>
  a.width === b.width && a.height === b.height && a.size === b.size;

/** Page sizes in order → runs of equal sizes. */
export function groupPageSizes(pages: readonly PageSizeInfo[]): PageSizeGroup[] {
  const groups: PageSizeGroup[] = [];
  for (const p of pages) {
    const last = groups.at(-1);
    if (last && sameSize(last, p)) last.count++;
    else groups.push({ width: p.width, height: p.height, size: p.size, count: 1 });
  }
  return groups;
}

/** Runs of equal sizes → one entry per page (bounded by the caller: at most MAX_PDF_PAGES). */
export function expandPageSizeGroups(groups: readonly PageSizeGroup[]): PageSizeInfo[] {
  const pages: PageSizeInfo[] = [];
  for (const g of groups)
    for (let i = 0; i < g.count; i++) pages.push({ width: g.width, height: g.height, size: g.size });
  return pages;
}

/** 201 answer of POST /api/pdf/upload. */
export const pdfUploadResultSchema = z
  .object({
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
    /**
     * A photo or an office document made into this PDF (decision 017); `linksRemoved`: pictures or text the
     * document linked from outside itself were left out (decision 030).
     */
    converted: z
      .object({ from: z.string(), originalFilename: z.string(), linksRemoved: z.boolean().optional() })
      .optional(),
  })
  .meta({ id: 'PdfUploadResult' });
export type PdfUploadResult = z.infer<typeof pdfUploadResultSchema>;

/** GET /api/storage-test and POST /api/storage/test-upload. */
export const storageTestResultSchema = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: 'StorageTestResult' });
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

/** POST /api/files/upload. */
export const fileUploadResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  file: z.object({ id: z.string(), key: z.string(), size: z.number().int() }),
});
export type FileUploadResult = z.infer<typeof fileUploadResultSchema>;
