/**
 * GST tax documents: bills, credit notes, their PDFs, the register and GSTR-1 (docs/decisions/015, 037, 038).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { invoiceAttachments } from './invoice-file.ts';
export { invoicesRoutes } from './invoices.routes.ts';
export { assertRecipientAllowed, creditNoteForRefund, issueInvoiceInTx, saveBusinessBill } from './invoices.service.ts';
