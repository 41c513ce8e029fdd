/**
 * What the shop takes for printing (issue 12, item 5): PDFs as they are; photos (JPG, PNG) made into a page each;
 * Word, OpenDocument, PowerPoint and Excel files converted with LibreOffice when the shop has it.
 */
export const DOCUMENT_FORMATS = ['pdf', 'jpeg', 'png', 'docx', 'doc', 'odt', 'pptx', 'xlsx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const OFFICE_FORMATS: readonly DocumentFormat[] = ['docx', 'doc', 'odt', 'pptx', 'xlsx'];

export const FORMAT_LABELS: Record<DocumentFormat, string> = {
  pdf: 'PDF',
  jpeg: 'JPG photo',
  png: 'PNG image',
  docx: 'Word document',
  doc: 'Word document',
  odt: 'OpenDocument text',
  pptx: 'PowerPoint presentation',
  xlsx: 'Excel sheet',
};

/** The file picker's accept list. */
export function acceptList(office: boolean): string {
  const base = ['application/pdf', '.pdf', 'image/jpeg', '.jpg', '.jpeg', 'image/png', '.png'];
  const more = ['.docx', '.doc', '.odt', '.pptx', '.xlsx'];
  return (office ? [...base, ...more] : base).join(',');
}

/** "PDF, JPG, PNG, Word (DOCX, DOC), ODT, PowerPoint (PPTX) and Excel (XLSX)" or without the office formats. */
export function formatsSentence(office: boolean): string {
  return office ? 'PDF, JPG, PNG, Word (DOCX, DOC), ODT, PowerPoint (PPTX) and Excel (XLSX)' : 'PDF, JPG and PNG';
}

export const FORMAT_MESSAGES = {
  notAccepted: (office: boolean) => `This shop prints ${formatsSentence(office)} files. Please upload one of these.`,
  password: 'This document is protected by a password. Please remove the password and upload it again.',
  broken: 'This document could not be opened. Please check the file, save it again and upload it.',
  tooSlow: 'This document took too long to convert. Please save it as a PDF and upload that.',
  brokenImage: 'This photo could not be read. Please take or save it again, or upload a PDF.',
  imageTooLarge: 'This photo is too large (over 50 megapixels). Please upload a smaller photo.',
  busy: 'The shop is converting many documents right now. Please try again in a minute.',
} as const;
