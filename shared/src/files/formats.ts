/**
 * What the shop takes for printing (decision 017): PDFs as they are; photos (JPG, PNG) made into a page each;
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
  imageTooLarge:
    'This image is too large to print here. Please save it smaller (about 3000 × 3000 pixels is plenty for A4) or as a JPG, and upload it again.',
  zipBomb:
    'This document is far larger inside than a printed document needs (it unpacks to more than the shop allows). Please save it again, or save it as a PDF, and upload that.',
  tooManyPictures:
    'This document holds more picture than a print needs (its pictures add up to over 150 megapixels). Please make the pictures smaller in the document, or save it as a PDF, and upload that.',
  tooComplex:
    'This document needs more memory to convert than the shop allows for one file. Please save it as a PDF and upload that.',
  busy: 'The shop is converting many documents right now. Please try again in a minute.',
} as const;

/** Refusals that name the picture's size (`size`: "6000 × 5000 px, 30 MP, 16-bit"); the server says them in Telugu too. */
export const IMAGE_SIZE_MESSAGES = {
  imageTooLarge: (size: string) =>
    `This image is too large to print here (${size}). Please save it smaller (about 3000 × 3000 pixels is plenty for A4) or as a JPG, and upload it again.`,
  pictureInDocumentTooLarge: (size: string) =>
    `This document holds a picture too large to print (${size}). Please make the picture smaller in the document, or save the document as a PDF, and upload it again.`,
} as const;
