import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';

/** What a customer is told about a file that cannot be printed. Kept apart from mupdf so importing it loads no WASM. */
export const PDF_MESSAGES = {
  notPdf: UPLOAD_MESSAGES.notPdf,
  password: UPLOAD_MESSAGES.password,
  unreadable: UPLOAD_MESSAGES.unreadable,
} as const;

export type PdfErrorCode = 'invalid_file_type' | 'pdf_password_protected' | 'pdf_unreadable';

export class PdfError extends Error {
  constructor(
    public readonly code: PdfErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}
