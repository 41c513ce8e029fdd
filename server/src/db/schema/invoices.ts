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
    uniqueIndex('invoices_one_per_order_uq').on(t.orderId).where(sql`kind = 'invoice'`),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_order_idx').on(t.orderId),
  ],
);

/** The next serial number per series and financial year, advanced in the transaction that inserts the document. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    fyStart: integer('fy_start').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fyStart] })],
);

/** The optional business-bill details given at checkout (GSTIN + registered name), read when the invoice is issued. */
export const orderBillDetails = pgTable('order_bill_details', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  customerGstin: text('customer_gstin').notNull(),
  billingName: text('billing_name').notNull(),
});
