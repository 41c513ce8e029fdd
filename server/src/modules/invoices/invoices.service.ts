import { and, asc, eq, sql } from 'drizzle-orm';
import { financialYearStart, formatSerial } from '@shop/shared/gst/fy';
import { checkGstin, HOME_STATE_CODE } from '@shop/shared/gst/gstin';
import { splitInclusive, sumLines, taxKindFor, type SplitLine } from '@shop/shared/gst/split';
import type { Config } from '../../config/env.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { invoiceCounters, invoices, orderBillDetails, orderDocuments, orders } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { invoiceLinesOf, type InvoiceLineInput } from './invoice-lines.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
type Kind = 'invoice' | 'credit_note';
type GstConfig = Pick<Config, 'GST_STATUS' | 'GST_GSTIN' | 'GST_LEGAL_NAME' | 'GST_ADDRESS' | 'GST_RATE_BP' | 'GST_SERIAL_PREFIX' | 'SHOP_NAME' | 'SHOP_ADDRESS'>;

export type IssuedLine = InvoiceLineInput & SplitLine;
export interface Supplier { name: string; address: string; gstin: string | null; stateCode: string; rateBp: number }

/** Credit notes have their own series (decision 015). */
export const CREDIT_NOTE_PREFIX = 'CN';

const DOCUMENT_TYPE = { unregistered: 'receipt', composition: 'bill_of_supply', regular: 'tax_invoice' } as const;

function supplierOf(config: GstConfig): Supplier {
  return {
    name: config.GST_LEGAL_NAME ?? config.SHOP_NAME,
    address: config.GST_ADDRESS ?? config.SHOP_ADDRESS,
    gstin: config.GST_STATUS === 'unregistered' ? null : (config.GST_GSTIN ?? null),
    stateCode: HOME_STATE_CODE,
    rateBp: config.GST_STATUS === 'regular' ? config.GST_RATE_BP : 0,
  };
}

/**
 * Next number of a series in a financial year. The upsert locks the counter row until the transaction ends, so two
 * server copies issuing at once queue on it; a rolled-back issue rolls the counter back too (never skipped, never reused).
 */
async function nextNumber(tx: Tx, kind: Kind, fyStart: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, fyStart, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.kind, invoiceCounters.fyStart], set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ n: invoiceCounters.lastNumber });
  return row!.n;
}

function splitLines(lines: InvoiceLineInput[], supplier: Supplier, kind: 'intra' | 'inter'): IssuedLine[] {
  return lines.map((l) => ({ ...l, ...splitInclusive(l.grossPaise, supplier.rateBp, kind) }));
}

async function insertDocument(
  tx: Tx,
  doc: { kind: Kind; prefix: string; order: OrderRow; config: GstConfig; lines: InvoiceLineInput[]; at: Date; customerGstin: string | null; billingName: string | null; referencesInvoiceId?: number; reason?: string; supplier?: Supplier; documentType?: InvoiceRow['documentType'] },
): Promise<InvoiceRow> {
  const supplier = doc.supplier ?? supplierOf(doc.config);
  const documentType = doc.documentType ?? DOCUMENT_TYPE[doc.config.GST_STATUS];
  const customerState = doc.customerGstin ? doc.customerGstin.slice(0, 2) : null;
  const taxKind = documentType === 'tax_invoice' ? taxKindFor(customerState, supplier.stateCode) : 'none';
  const issued = splitLines(doc.lines, supplier, taxKind === 'inter' ? 'inter' : 'intra');
  const total = sumLines(issued);
  const fyStart = financialYearStart(doc.at);
  const serial = formatSerial(doc.prefix, fyStart, await nextNumber(tx, doc.kind, fyStart));
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: doc.order.id,
      kind: doc.kind,
      documentType,
      serial,
      fyStart,
      issuedAt: doc.at,
      referencesInvoiceId: doc.referencesInvoiceId ?? null,
      reason: doc.reason ?? null,
      customerName: doc.order.userName,
      customerGstin: doc.customerGstin,
      billingName: doc.billingName,
      supplier,
      lines: issued,
      taxKind,
      grossPaise: total.grossPaise,
      taxablePaise: total.taxablePaise,
      cgstPaise: total.cgstPaise,
      sgstPaise: total.sgstPaise,
      igstPaise: total.igstPaise,
    })
    .returning();
  return row!;
}

/**
 * Issues the paid order's document once (receipt, bill of supply or tax invoice, as GST_STATUS says), inside the
 * transaction that marks it paid. Returns the existing one when the order has it already.
 */
export async function issueInvoiceInTx(tx: Tx, config: GstConfig, order: OrderRow, at: Date): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice'))).limit(1);
  if (existing) return existing;
  const [bill] = await tx.select().from(orderBillDetails).where(eq(orderBillDetails.orderId, order.id)).limit(1);
  const gstin = bill && checkGstin(bill.customerGstin).ok ? bill.customerGstin : null;
  return insertDocument(tx, {
    kind: 'invoice',
    prefix: config.GST_SERIAL_PREFIX,
    order,
    config,
    lines: invoiceLinesOf(order, await tx.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id)).orderBy(asc(orderDocuments.position))),
    at,
    customerGstin: gstin,
    billingName: gstin ? bill!.billingName : null,
  });
}

/**
 * A credit note for money given back on an invoiced order (called by the refund feature). One line "refund against
 * <serial>", split with the invoice's own rate and tax kind; all credit notes together never exceed the invoice.
 */
export async function issueCreditNote(db: Db, config: GstConfig, orderId: number, amountPaise: number, reason: string, at = new Date()): Promise<InvoiceRow> {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw new AppError('bad_request', 400, 'The credit note amount must be more than zero.');
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    const [invoice] = await tx.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'))).limit(1);
    if (!order || !invoice) throw new AppError('no_invoice', 404, 'This order has no invoice to credit.');
    const [credited] = await tx
      .select({ sum: sql<number>`coalesce(sum(${invoices.grossPaise}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
    if ((credited?.sum ?? 0) + amountPaise > invoice.grossPaise) {
      throw new AppError('credit_too_much', 400, 'The credit notes would be more than the invoice.');
    }
    return insertDocument(tx, {
      kind: 'credit_note',
      prefix: CREDIT_NOTE_PREFIX,
      order,
      config,
      lines: [{ description: `Refund against ${invoice.serial}`, sac: (invoice.lines as IssuedLine[])[0]?.sac ?? '998912', quantity: 1, grossPaise: amountPaise }],
      at,
      customerGstin: invoice.customerGstin,
      billingName: invoice.billingName,
      referencesInvoiceId: invoice.id,
      reason: reason.slice(0, 300),
      supplier: invoice.supplier as Supplier,
      documentType: invoice.documentType,
    });
  });
}

/**
 * The refund feature's call: a credit note for an invoiced order (orders paid before invoices existed have none, and
 * get none). A failure is logged, never undoes the refund: the money has gone back already.
 */
export async function creditNoteForRefund(ctx: AppContext, orderId: number, amountPaise: number, reason: string): Promise<InvoiceRow | null> {
  const [invoice] = await ctx.db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'))).limit(1);
  if (!invoice) return null;
  try {
    return await issueCreditNote(ctx.db, ctx.config, orderId, amountPaise, reason);
  } catch (err) {
    ctx.log.error({ err, orderId, amount: amountPaise }, 'credit note for a refund was not issued');
    return null;
  }
}

/** Keeps the checkout's business-bill details (already validated) for the invoice issued when the order is paid. */
export async function saveBusinessBill(db: Db, orderId: number, bill: { customerGstin: string | null; billingName: string | null } | undefined): Promise<void> {
  if (!bill?.customerGstin || !bill.billingName) return;
  const values = { customerGstin: bill.customerGstin, billingName: bill.billingName };
  await db.insert(orderBillDetails).values({ orderId, ...values }).onConflictDoUpdate({ target: orderBillDetails.orderId, set: values });
}
