/**
 * A print job that cannot be made (unreadable or protected document, pages out of range, too large). Its own module,
 * so the server's main thread can know it without loading mupdf, which only the print worker runs.
 */
export class PrintDocumentError extends Error {}
