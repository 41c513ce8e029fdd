import { z } from 'zod';
import { defineRoute, contentAnswer, rowIdSchema } from '../common/contract.ts';
import { orderRefParamsSchema } from '../orders/refs.ts';

const tags = ['GST invoices'] as const;

/** One of an order's GST documents: its receipt, bill of supply or tax invoice, or a credit note (decision 015). */
export const invoiceSummarySchema = z
  .object({
    id: z.number().int(),
    /** credit_note: a credit note, or a refund receipt when documentType is receipt. */
    kind: z.enum(['invoice', 'credit_note']),
    documentType: z.enum(['receipt', 'bill_of_supply', 'tax_invoice']),
    serial: z.string(),
    issuedAt: z.string(),
    /** Rupees, tax included. */
    total: z.number(),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceMonthQuerySchema = z.object({
  month: z
    .string({ error: 'Choose a month like 2026-11.' })
    .regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Choose a month like 2026-11.'),
});

/** The sections of the GSTR-1 export, each a CSV file in the offline tool's layout (decision 037). */
export const GSTR1_SECTION_NAMES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'docs'] as const;

/** The admin's GST settings: what the documents print and how they are billed (configuration shown, signatory set here). */
export const gstSettingsSchema = z
  .object({
    status: z.enum(['unregistered', 'composition', 'regular']),
    gstin: z.string().nullable(),
    stateCode: z.string(),
    /** The authorised signatory's name printed on every new document. */
    signatoryName: z.string().nullable(),
    /** The signature image printed above it, when the admin set one. */
    signatureImage: z.object({ id: z.number().int(), contentType: z.string() }).nullable(),
    /** A certificate is configured (GST_SIGNING_P12): documents are digitally signed. */
    digitalSignature: z.boolean(),
    sac: z.object({ printing: z.string(), photocopy: z.string(), delivery: z.string() }),
  })
  .meta({ id: 'GstSettings' });
export type GstSettings = z.infer<typeof gstSettingsSchema>;

export const SIGNATURE_MESSAGES = {
  name: 'A signatory name has 2 to 100 characters.',
  image: 'Choose a PNG or JPEG image of the signature, at most 200 kB.',
} as const;

export const gstSettingsUpdateSchema = z.object({
  signatoryName: z.string().trim().min(2, SIGNATURE_MESSAGES.name).max(100, SIGNATURE_MESSAGES.name).nullable(),
});

/** A signature image as a data URL (data:image/png;base64,…), at most 200 kB of image. */
export const signatureImageSchema = z.object({
  image: z
    .string({ error: SIGNATURE_MESSAGES.image })
    .max(280_000, SIGNATURE_MESSAGES.image)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, SIGNATURE_MESSAGES.image),
});

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
    description: "Admin only. The month as the shop's calendar (IST) reads it; invoices, then credit notes.",
    tags,
    querystring: invoiceMonthQuerySchema,
    response: { 200: contentAnswer('text/csv', 'CSV, one line per document.') },
  }),
  gstr1Zip: defineRoute('GET', '/api/admin/gstr1.zip', {
    summary: "A month's GSTR-1, every section, for the GST offline tool",
    description:
      "Admin only. A ZIP of the section-wise CSV files (b2b,sez,de.csv, b2cl.csv, b2cs.csv, cdnr.csv, cdnur.csv, hsn(b2b).csv, hsn(b2c).csv, docs.csv) in the layouts of the GST portal's Returns Offline Tool V3.2.4. 409 `gstr1_not_regular` for a shop outside the regular scheme with no tax invoices that month.",
    tags,
    querystring: invoiceMonthQuerySchema,
    response: { 200: contentAnswer('application/zip', 'ZIP of CSV files.') },
  }),
  gstr1Section: defineRoute('GET', '/api/admin/gstr1/:section', {
    summary: "One section of a month's GSTR-1 as the offline tool's CSV",
    description: 'Admin only. As the ZIP, one section.',
    tags,
    params: z.object({
      section: z.enum(GSTR1_SECTION_NAMES, {
        error: 'Choose a GSTR-1 section: b2b, b2cl, b2cs, cdnr, cdnur, hsn-b2b, hsn-b2c or docs.',
      }),
    }),
    querystring: invoiceMonthQuerySchema,
    response: { 200: contentAnswer('text/csv', 'CSV with the section header.') },
  }),
  settings: defineRoute('GET', '/api/admin/gst/settings', {
    summary: 'The GST settings documents are issued with',
    description: 'Admin only.',
    tags,
    response: { 200: gstSettingsSchema },
  }),
  updateSettings: defineRoute('PUT', '/api/admin/gst/settings', {
    summary: 'Set the authorised signatory printed on new documents',
    description: 'Admin only. Documents already issued keep the signatory they were issued with.',
    tags,
    body: gstSettingsUpdateSchema,
    response: { 200: gstSettingsSchema },
  }),
  setSignature: defineRoute('PUT', '/api/admin/gst/signature', {
    summary: 'Set the signature image printed above the signatory',
    description: 'Admin only. PNG or JPEG as a data URL, at most 200 kB. Earlier documents keep their image.',
    tags,
    body: signatureImageSchema,
    response: { 200: gstSettingsSchema },
  }),
  clearSignature: defineRoute('DELETE', '/api/admin/gst/signature', {
    summary: 'Print no signature image on new documents',
    description: 'Admin only.',
    tags,
    response: { 200: gstSettingsSchema },
  }),
  signatureImage: defineRoute('GET', '/api/admin/gst/signature/:id', {
    summary: 'A signature image',
    description: 'Admin only.',
    tags,
    params: z.object({ id: rowIdSchema('Image not found') }),
    response: { 200: contentAnswer('image/png', 'The image (PNG or JPEG).') },
  }),
};
