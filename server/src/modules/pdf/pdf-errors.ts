import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';

/** What a customer is told about a file that cannot be printed. Kept apart from mupdf so importing it loads no WASM. */
export const PDF_MESSAGES = {
  notPdf: UPLOAD_MESSAGES.notPdf,
  password: UPLOAD_MESSAGES.password,
  unreadable: UPLOAD_MESSAGES.unreadable,
  tooManyPages: UPLOAD_MESSAGES.tooManyPages,
  pageTreeDamaged: UPLOAD_MESSAGES.pageTreeDamaged,
  tooComplex: UPLOAD_MESSAGES.tooComplex,
  tooSlow: UPLOAD_MESSAGES.tooSlow,
} as const;

export type PdfErrorCode =
  | 'invalid_file_type'
  | 'pdf_password_protected'
  | 'pdf_unreadable'
  | 'pdf_too_many_pages'
  | 'pdf_page_tree_damaged'
  /** The file needs more memory than one job may use (the worker's WASM heap cap). */
  | 'pdf_too_complex'
  /** The job ran past its time limit and was stopped. */
  | 'pdf_too_slow';

export class PdfError extends Error {
  constructor(
    public readonly code: PdfErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}
