/**
 * What a customer is told about an upload the shop cannot take, in English exactly as sent
 * (shared/src/files/schemas.ts UPLOAD_MESSAGES, shared/src/files/formats.ts FORMAT_MESSAGES, modules/pdf, modules/files).
 */
export default {
  uploaded: 'File uploaded successfully',
  notPdf: 'Please upload a PDF file',
  tooLarge: 'Maximum file size is 10MB',
  password: 'This PDF is password-protected. Please remove the password and upload it again.',
  unreadable: 'This file is not a readable PDF. Please upload a valid PDF file.',
  noFile: 'Please select a file to upload',
  storageFailed: 'We could not save your file. Please try again in a moment.',
  tooManyPages:
    'This PDF has more than {max} pages. Please split it into files of at most {max} pages and upload them one by one.',
  pageTreeDamaged: "This PDF's page list is damaged. Please re-save it (Print → Save as PDF) and upload again.",
  pageCountMismatch:
    "This PDF's page list is damaged (it says {says, plural, one {# page} other {# pages}} but holds {holds}). Please re-save it (Print → Save as PDF) and upload again.",
  tooComplex:
    'This PDF needs more memory to read than one file may use. Please re-save it (Print → Save as PDF) and upload again.',
  tooSlow: 'This PDF takes too long to read. Please re-save it (Print → Save as PDF) and upload again.',
  previewTooComplex:
    'The first page of this PDF is too complex to show. Please check the file, re-save it (Print → Save as PDF) and upload again.',
  busyCustomer: 'Your earlier files are still being read. Please wait a moment and try again.',
  busyShop: 'The shop is reading many files right now. Please try again in a minute.',
  notAccepted: 'This shop prints {formats} files. Please upload one of these.',
  documentPassword: 'This document is protected by a password. Please remove the password and upload it again.',
  documentBroken: 'This document could not be opened. Please check the file, save it again and upload it.',
  convertTooSlow: 'This document took too long to convert. Please save it as a PDF and upload that.',
  brokenImage: 'This photo could not be read. Please take or save it again, or upload a PDF.',
  imageTooLarge:
    'This image is too large to print here. Please save it smaller (about 3000 × 3000 pixels is plenty for A4) or as a JPG, and upload it again.',
  imageTooLargeSized:
    'This image is too large to print here ({size}). Please save it smaller (about 3000 × 3000 pixels is plenty for A4) or as a JPG, and upload it again.',
  pictureInDocumentTooLarge:
    'This document holds a picture too large to print ({size}). Please make the picture smaller in the document, or save the document as a PDF, and upload it again.',
  zipBomb:
    'This document is far larger inside than a printed document needs (it unpacks to more than the shop allows). Please save it again, or save it as a PDF, and upload that.',
  tooManyPictures:
    'This document holds more picture than a print needs (its pictures add up to over 150 megapixels). Please make the pictures smaller in the document, or save it as a PDF, and upload that.',
  convertTooComplex:
    'This document needs more memory to convert than the shop allows for one file. Please save it as a PDF and upload that.',
  convertBusy: 'The shop is converting many documents right now. Please try again in a minute.',
  notStored: 'Upload failed: the file could not be stored. Please try again.',
  pdfUnavailable: 'We cannot read PDF files right now. Please try again in a moment.',
  noPreview: 'No preview is available for this file.',
  fileNotFound: 'File not found',
  pageNotFound: 'Page not found',
  documentNotFound: 'Document not found',
  pageUnavailable: 'This page could not be shown just now. Please try again.',
  colourUnavailable:
    'We could not check this document for colour pages just now. Please try again, or print all pages in colour.',
  sensitiveNoDownload:
    'This is a sensitive document (ID card, certificate): the shop can print it but not download it.',
  filesDeleted: 'Your files are deleted.',
  filesAlreadyDeleted: 'The files of this order are already deleted.',
  notHandedOverPickup: 'You can delete your files once you have collected your order.',
  notHandedOverDelivery: 'You can delete your files once your order is delivered.',
  goneRetentionOn:
    'This file was deleted on {date}, {n, plural, one {# day} other {# days}} after the order was ready. Ask the customer to upload it again.',
  goneRetention:
    'This file was deleted, {n, plural, one {# day} other {# days}} after the order was ready. Ask the customer to upload it again.',
  goneCustomerOn: 'The customer deleted this file on {date}.',
  goneCustomer: 'The customer deleted this file.',
  goneSensitiveOn: 'This sensitive document was deleted when the order was handed over on {date}.',
  goneSensitive: 'This sensitive document was deleted when the order was handed over.',
  goneAdminOn: 'This file was deleted by the shop on {date}.',
  goneAdmin: 'This file was deleted by the shop.',
  gone: 'This file is no longer stored.',
} as const;
