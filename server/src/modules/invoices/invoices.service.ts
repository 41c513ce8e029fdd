import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { financialYearStart, formatSerial } from '@shop/shared/gst/fy';
import { checkGstin, HOME_STATE_CODE } from '@shop/shared/gst/gstin';
import { recipientProblem, type RecipientBill } from '@shop/shared/gst/recipient';
import { isStateCode } from '@shop/shared/gst/states';
import { splitInclusive, sumLines, taxKindFor, type SplitLine } from '@shop/shared/gst/split';
import type { Config } from '../../config/env.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  gstSettings,
  invoiceCounters,
  invoices,
  orderBillDetails,
  orderDocuments,
  orders,
  services,
} from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { addressText } from '../orders/index.ts';
import { invoiceLinesOf, type InvoiceLineInput, type SacSettings } from './invoice-lines.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;
type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
type CounterKind = 'invoice' | 'credit_note' | 'refund_receipt';
export type GstConfig = Pick<
  Config,
  | 'GST_STATUS'
  | 'GST_GSTIN'
  | 'GST_LEGAL_NAME'
  | 'GST_ADDRESS'
  | 'GST_RATE_BP'
  | 'GST_SERIAL_PREFIX'
  | 'SHOP_NAME'
  | 'SHOP_ADDRESS'
  | 'GST_SAC_PRINTING'
  | 'GST_SAC_PHOTOCOPY'
  | 'GST_DELIVERY_SAC'
  | 'GST_SIGNATORY_NAME'
>;

/** A line as issued: what was sold and its split; a credit note's line names the invoice line it credits. */
export type IssuedLine = Partial<InvoiceLineInput> &
  Pick<InvoiceLineInput, 'description' | 'sac' | 'grossPaise'> & { quantity?: number; ofLine?: number } & SplitLine;
/** The supplier as configured at issue, the authorised signatory included (CGST Rule 46(a), (q)). */
export interface Supplier {
  name: string;
  address: string;
  gstin: string | null;
  stateCode: string;
  rateBp: number;
  signatoryName?: string | null;
  signatureImageId?: number | null;
}
/** The recipient's particulars as printed (Rule 46(d), (e), (f)): name, address, state, delivery address. */
export interface Recipient {
  name: string;
  address: string | null;
  stateCode: string | null;
  deliveryAddress: string | null;
}

/** Credit notes have their own series (decision 015); an unregistered shop's refund receipts another (decision 037). */
export const CREDIT_NOTE_PREFIX = 'CN';
export const REFUND_RECEIPT_PREFIX = 'RR';

const DOCUMENT_TYPE = { unregistered: 'receipt', composition: 'bill_of_supply', regular: 'tax_invoice' } as const;

/** The shop's own state: its GSTIN's, or Andhra Pradesh for a shop outside GST. */
export function shopStateCode(config: Pick<Config, 'GST_STATUS' | 'GST_GSTIN'>): string {
  return config.GST_STATUS !== 'unregistered' && config.GST_GSTIN ? config.GST_GSTIN.slice(0, 2) : HOME_STATE_CODE;
}

async function supplierOf(db: Reader, config: GstConfig): Promise<Supplier> {
  const [settings] = await db.select().from(gstSettings).where(eq(gstSettings.id, 1)).limit(1);
  return {
    name: config.GST_LEGAL_NAME ?? config.SHOP_NAME,
    address: config.GST_ADDRESS ?? config.SHOP_ADDRESS,
    gstin: config.GST_STATUS === 'unregistered' ? null : (config.GST_GSTIN ?? null),
    stateCode: shopStateCode(config),
    rateBp: config.GST_STATUS === 'regular' ? config.GST_RATE_BP : 0,
    signatoryName: settings?.signatoryName ?? config.GST_SIGNATORY_NAME ?? null,
    signatureImageId: settings?.signatureImageId ?? null,
  };
}

/**
 * Next number of a series in a financial year. The upsert locks the counter row until the transaction ends, so two
 * server copies issuing at once queue on it; a rolled-back issue rolls the counter back too (never skipped, never reused).
 */
async function nextNumber(tx: Tx, kind: CounterKind, fyStart: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, fyStart, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.fyStart],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  return row!.n;
}

interface NewDocument {
  kind: 'invoice' | 'credit_note';
  counter: CounterKind;
  prefix: string;
  order: OrderRow;
  documentType: InvoiceRow['documentType'];
  supplier: Supplier;
  /** Lines with their values; `ofLine` on a credit note's lines. */
  lines: Array<Omit<IssuedLine, keyof SplitLine> & { grossPaise: number }>;
  at: Date;
  customerGstin: string | null;
  billingName: string | null;
  placeOfSupply: string;
  recipient: Recipient;
  taxKind: 'intra' | 'inter' | 'none';
  referencesInvoiceId?: number;
  reason?: string;
}

async function insertDocument(tx: Tx, doc: NewDocument): Promise<InvoiceRow> {
  // Equal CGST and SGST halves per line (shared/src/gst/split.ts); a document outside GST splits nothing.
  const rateBp = doc.taxKind === 'none' ? 0 : doc.supplier.rateBp;
  const issued: IssuedLine[] = doc.lines.map((l) => ({
    ...l,
    ...splitInclusive(l.grossPaise, rateBp, doc.taxKind === 'inter' ? 'inter' : 'intra'),
  }));
  const total = sumLines(issued);
  const fyStart = financialYearStart(doc.at);
  const serial = formatSerial(doc.prefix, fyStart, await nextNumber(tx, doc.counter, fyStart));
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: doc.order.id,
      kind: doc.kind,
      documentType: doc.documentType,
      serial,
      fyStart,
      issuedAt: doc.at,
      referencesInvoiceId: doc.referencesInvoiceId ?? null,
      reason: doc.reason ?? null,
      customerName: doc.order.userName,
      customerGstin: doc.customerGstin,
      billingName: doc.billingName,
      placeOfSupply: doc.placeOfSupply,
      recipient: doc.recipient,
      supplier: doc.supplier,
      lines: issued,
      taxKind: doc.taxKind,
      grossPaise: total.grossPaise,
      taxablePaise: total.taxablePaise,
      cgstPaise: total.cgstPaise,
      sgstPaise: total.sgstPaise,
      igstPaise: total.igstPaise,
    })
    .returning();
  return row!;
}

/** Which SAC each line of this order takes: configuration, and the services' own. */
async function sacSettings(tx: Reader, config: GstConfig, serviceIds: number[]): Promise<SacSettings> {
  const rows = serviceIds.length
    ? await tx.select({ id: services.id, sac: services.sac }).from(services).where(inArray(services.id, serviceIds))
    : [];
  return {
    printing: config.GST_SAC_PRINTING,
    photocopy: config.GST_SAC_PHOTOCOPY,
    delivery: config.GST_DELIVERY_SAC,
    byService: new Map(rows.map((r) => [r.id, r.sac])),
  };
}

/**
 * Issues the paid order's document once (receipt, bill of supply or tax invoice, as GST_STATUS says), inside the
 * transaction that marks it paid. Returns the existing one when the order has it already. The place of supply is the
 * recipient's state: the GSTIN's, else the billing address's, else the shop's (a delivery address is in the shop's
 * area); CGST + SGST when that is the shop's state, IGST otherwise (decision 037).
 */
export async function issueInvoiceInTx(tx: Tx, config: GstConfig, order: OrderRow, at: Date): Promise<InvoiceRow> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (existing) return existing;
  const documentType = DOCUMENT_TYPE[config.GST_STATUS];
  const supplier = await supplierOf(tx, config);
  const [bill] = await tx.select().from(orderBillDetails).where(eq(orderBillDetails.orderId, order.id)).limit(1);
  // A receipt carries no GSTIN (an unregistered shop issues no GST bill, whatever was asked before it changed status).
  const gstin =
    documentType !== 'receipt' && bill?.customerGstin && checkGstin(bill.customerGstin).ok ? bill.customerGstin : null;
  const placeOfSupply = gstin ? gstin.slice(0, 2) : isStateCode(bill?.stateCode) ? bill.stateCode : supplier.stateCode;
  const delivered = order.deliveryType === 'delivery';
  const deliveryAddress = delivered ? addressText(order.address) : null;
  const recipient: Recipient = {
    name: bill?.billingName ?? order.userName,
    address: bill?.billingAddress ?? deliveryAddress,
    stateCode: gstin || bill?.stateCode || delivered ? placeOfSupply : null,
    deliveryAddress,
  };
  const documents = await tx
    .select()
    .from(orderDocuments)
    .where(eq(orderDocuments.orderId, order.id))
    .orderBy(asc(orderDocuments.position));
  const sacs = await sacSettings(tx, config, [...new Set(documents.map((d) => d.serviceId))]);
  return insertDocument(tx, {
    kind: 'invoice',
    counter: 'invoice',
    prefix: config.GST_SERIAL_PREFIX,
    order,
    documentType,
    supplier,
    // A receipt outside GST knows no composite supply: its delivery line is just the delivery.
    lines: invoiceLinesOf(order, documents, sacs).map((l) =>
      documentType === 'receipt' && l.unit === 'delivery' ? { ...l, description: 'Home delivery' } : l,
    ),
    at,
    customerGstin: gstin,
    billingName: gstin || bill?.billingName ? (bill?.billingName ?? null) : null,
    placeOfSupply,
    recipient,
    taxKind: documentType === 'tax_invoice' ? taxKindFor(placeOfSupply, supplier.stateCode) : 'none',
  });
}

/**
 * How much of each invoice line a credit of `amount` takes: in proportion to what is still uncredited on each line,
 * in whole paise (largest remainders get the odd paise), never more than a line has left. A full refund credits
 * every line exactly, so its credit note mirrors the invoice to the paisa.
 */
export function allocateCredit(amount: number, remaining: readonly number[]): number[] {
  const left = remaining.reduce((s, r) => s + r, 0);
  if (amount > left) throw new Error('Credit is more than what is left on the invoice');
  if (left === 0) return remaining.map(() => 0);
  const exact = remaining.map((r) => (amount * r) / left);
  const out = exact.map((e) => Math.floor(e));
  let short = amount - out.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (short === 0) break;
    if (out[i]! < remaining[i]!) {
      out[i]!++;
      short--;
    }
  }
  return out;
}

/**
 * A credit note for money given back on an invoiced order (called by the refund feature; CGST Rule 53): one line per
 * invoice line it reduces, each with that line's own SAC (a refund that includes the delivery books part of it under
 * the delivery's SAC), split with the invoice's rate and tax kind; the original invoice's number and date are printed
 * from its reference. All credit notes together never exceed the invoice. A shop outside GST issues a refund receipt
 * in its own series instead (decision 037).
 */
export async function issueCreditNote(
  db: Reader,
  config: GstConfig,
  orderId: number,
  amountPaise: number,
  reason: string,
  at = new Date(),
): Promise<InvoiceRow> {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0)
    throw new AppError('bad_request', 400, 'The credit note amount must be more than zero.');
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
      .limit(1);
    if (!order || !invoice) throw new AppError('no_invoice', 404, 'This order has no invoice to credit.');
    const notes = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
    const credited = notes.reduce((s, n) => s + n.grossPaise, 0);
    if (credited + amountPaise > invoice.grossPaise) {
      throw new AppError('credit_too_much', 400, 'The credit notes would be more than the invoice.');
    }
    const invoiceLines = invoice.lines as IssuedLine[];
    // What each invoice line still has: its value less the earlier notes' lines against it (a note made before
    // notes had one line per invoice line is taken from the first lines on).
    const remaining = invoiceLines.map((l) => l.grossPaise);
    for (const note of notes) {
      for (const nl of note.lines as IssuedLine[]) {
        if (typeof nl.ofLine === 'number' && remaining[nl.ofLine] !== undefined) remaining[nl.ofLine]! -= nl.grossPaise;
        else {
          let rest = nl.grossPaise;
          for (let i = 0; i < remaining.length && rest > 0; i++) {
            const take = Math.min(rest, remaining[i]!);
            remaining[i]! -= take;
            rest -= take;
          }
        }
      }
    }
    const shares = allocateCredit(
      amountPaise,
      remaining.map((r) => Math.max(0, r)),
    );
    const refundReceipt = invoice.documentType === 'receipt';
    return insertDocument(tx, {
      kind: 'credit_note',
      counter: refundReceipt ? 'refund_receipt' : 'credit_note',
      prefix: refundReceipt ? REFUND_RECEIPT_PREFIX : CREDIT_NOTE_PREFIX,
      order,
      documentType: invoice.documentType,
      supplier: invoice.supplier as Supplier,
      lines: invoiceLines.flatMap((l, i) =>
        shares[i]! > 0
          ? [
              {
                description: l.description,
                sac: l.sac,
                unit: l.unit,
                quantity: l.quantity,
                ofLine: i,
                grossPaise: shares[i]!,
              },
            ]
          : [],
      ),
      at,
      customerGstin: invoice.customerGstin,
      billingName: invoice.billingName,
      placeOfSupply: invoice.placeOfSupply,
      recipient: (invoice.recipient as Recipient | null) ?? {
        name: invoice.customerName,
        address: null,
        stateCode: null,
        deliveryAddress: null,
      },
      taxKind: invoice.taxKind,
      referencesInvoiceId: invoice.id,
      reason: reason.slice(0, 300),
    });
  });
}

/**
 * The refund feature's call: a credit note for an invoiced order (orders paid before invoices existed have none, and
 * get none). A failure is logged, never undoes the refund: the money has gone back already. `db` may be the
 * transaction that records the refund as done, so that the two are written together (the note's own writes are a
 * savepoint in it: a note that fails leaves the refund's record standing).
 */
export async function creditNoteForRefund(
  ctx: AppContext,
  orderId: number,
  amountPaise: number,
  reason: string,
  db: Reader = ctx.db,
): Promise<InvoiceRow | null> {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (!invoice) return null;
  try {
    return await issueCreditNote(db, ctx.config, orderId, amountPaise, reason);
  } catch (err) {
    ctx.log.error({ err, orderId, amount: amountPaise }, 'credit note for a refund was not issued');
    return null;
  }
}

/**
 * Refuses, before anything is written, a bill the shop may not issue: a GSTIN at a shop outside GST, another state at
 * a composition shop, a bill of ₹50,000 or more without the customer's name, address and state (shared recipient.ts).
 */
export function assertRecipientAllowed(
  config: Pick<Config, 'GST_STATUS' | 'GST_GSTIN' | 'GST_RATE_BP'>,
  bill: RecipientBill | null | undefined,
  order: { grossPaise: number; delivered: boolean },
  field = 'businessBill',
): void {
  const problem = recipientProblem(
    { status: config.GST_STATUS, stateCode: shopStateCode(config), rateBp: config.GST_RATE_BP },
    bill,
    order,
  );
  if (problem) throw badRequest(problem.message, { [`${field}.${problem.field}`]: problem.message });
}

/** Keeps the checkout's (or the counter's) recipient particulars, already validated, for the document issued at payment. */
export async function saveBusinessBill(
  db: Db | Tx,
  orderId: number,
  bill: RecipientBill | null | undefined,
): Promise<void> {
  if (!bill?.billingName) return;
  const values = {
    customerGstin: bill.customerGstin,
    billingName: bill.billingName,
    billingAddress: bill.billingAddress,
    stateCode: bill.stateCode,
  };
  await db
    .insert(orderBillDetails)
    .values({ orderId, ...values })
    .onConflictDoUpdate({ target: orderBillDetails.orderId, set: values });
}
