import { z } from 'zod';
import { defineRoute, contentAnswer, rowIdSchema } from '../common/contract.ts';
import { orderRefParamsSchema } from '../orders/refs.ts';

const tags = ['GST invoices'] as const;

/** One of an order's GST documents: its receipt, bill of supply or tax invoice, or a credit note (decision 015). */
export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  documentType: z.enum(['receipt', 'bill_of_supply', 'tax_invoice']),
  serial: z.string(),
  issuedAt: z.string(),
  /** Rupees, tax included. */
  total: z.number(),
}).meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceMonthQuerySchema = z.object({ month: z.string({ error: 'Choose a month like 2026-11.' }).regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Choose a month like 2026-11.') });

export const invoiceRoutes = {
  ofOrder: defineRoute('GET', '/api/orders/:ref/invoices', {
    summary: "An order's GST documents",
    description: "The owner, staff or the admin; 404 for another customer's order. Issued once the order is paid.",
    tags,
    params: orderRefParamsSchema,
    response: { 200: z.object({ invoices: z.array(invoiceSummarySchema) }) },
  }),
  pdf: defineRoute('GET', '/api/orders/:ref/invoices/:id/pdf', {
    summary: 'One GST document as a PDF',
    description: "As the list; 404 'Invoice not found'.",
    tags,
    params: orderRefParamsSchema.extend({ id: rowIdSchema('Invoice not found') }),
    response: { 200: contentAnswer('application/pdf', 'The document, as an attachment named by its serial.') },
  }),
  monthCsv: defineRoute('GET', '/api/admin/invoices.csv', {
    summary: "A month's GST documents for the accountant",
    description: 'Admin only. The month as the shop\'s calendar (IST) reads it; invoices, then credit notes.',
    tags,
    querystring: invoiceMonthQuerySchema,
    response: { 200: contentAnswer('text/csv', 'CSV, one line per document.') },
  }),
};
