import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orders } from './orders.ts';

/**
 * GST documents (docs/decisions/015-gst-invoices.md): one per paid order (a receipt, bill of supply or tax invoice,
 * as the shop's tax status was when it was issued) and credit notes for refunds. Figures are frozen at issue time:
 * a later price or configuration change never alters an issued document. Money in paise.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** invoice (receipt / bill of supply / tax invoice) or credit_note; each kind has its own serial series. */
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** receipt | bill_of_supply | tax_invoice: the shop's tax status at issue. */
    documentType: text('document_type', { enum: ['receipt', 'bill_of_supply', 'tax_invoice'] }).notNull(),
    serial: text('serial').notNull(),
    /** Start year of the financial year (2026 for 26-27) the serial belongs to. */
    fyStart: integer('fy_start').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** For a credit note: the invoice it reduces. */
    referencesInvoiceId: integer('references_invoice_id'),
    reason: text('reason'),
    customerName: text('customer_name').notNull(),
    customerGstin: text('customer_gstin'),
    billingName: text('billing_name'),
    /**
     * Place of supply: the recipient's state code (GSTIN, else the billing or delivery address, else the shop's state;
     * decision 037). Documents issued before it was recorded were all Andhra Pradesh (37).
     */
    placeOfSupply: text('place_of_supply').notNull().default('37'),
    /** Recipient particulars as the rules asked for them at issue: address, state, delivery address (decision 037). */
    recipient: jsonb('recipient'),
    /** Supplier as configured at issue (name, address, GSTIN, state code, rate in basis points). */
    supplier: jsonb('supplier').notNull(),
    /** Lines as issued: description, SAC, quantity, gross, taxable, CGST, SGST, IGST. */
    lines: jsonb('lines').notNull(),
    taxKind: text('tax_kind', { enum: ['intra', 'inter', 'none'] }).notNull(),
    grossPaise: integer('gross_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_serial_uq').on(t.kind, t.fyStart, t.serial),
    // One invoice per order, however many callers race to issue it; credit notes are many per order.
    uniqueIndex('invoices_one_per_order_uq')
      .on(t.orderId)
      .where(sql`kind = 'invoice'`),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_order_idx').on(t.orderId),
  ],
);

/** The next serial number per series and financial year, advanced in the transaction that inserts the document. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    /** refund_receipt: the series of an unregistered shop's refund receipts (decision 037). */
    kind: text('kind', { enum: ['invoice', 'credit_note', 'refund_receipt'] }).notNull(),
    fyStart: integer('fy_start').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fyStart] })],
);

/**
 * The recipient particulars given at checkout or at the counter, read when the invoice is issued: a GSTIN with its
 * registered name and address (a GST bill), or, without a GSTIN, the name, address and state that a bill of ₹50,000 or
 * more needs (CGST Rule 46(d), (e), (f); decision 037).
 */
export const orderBillDetails = pgTable('order_bill_details', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  customerGstin: text('customer_gstin'),
  billingName: text('billing_name').notNull(),
  billingAddress: text('billing_address'),
  /** The billing address's state code; a GSTIN's own state wins over it. */
  stateCode: text('state_code'),
});

/**
 * The authorised signatory the documents print (CGST Rule 46(q)), set by the admin: one row, id 1. The signature
 * image is a row of its own, never changed once written, so a document issued with it keeps it (decision 037).
 */
export const gstSettings = pgTable('gst_settings', {
  id: integer('id').primaryKey(),
  signatoryName: text('signatory_name'),
  signatureImageId: integer('signature_image_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gstSignatureImages = pgTable('gst_signature_images', {
  id: serial('id').primaryKey(),
  /** image/png or image/jpeg. */
  contentType: text('content_type').notNull(),
  /** The image's bytes, base64 (at most 200 kB before encoding). */
  data: text('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
