import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { gstSignatureImages, invoices, orders, users } from '../../db/schema/index.ts';
import { languageOr } from '../../lib/i18n.ts';
import type { AttachmentRenderer, RenderedAttachment } from '../mail/index.ts';
import type { InvoiceRow, Supplier } from './invoices.service.ts';
import { signingSetup } from './pdf-sign.ts';

type SigningConfig = Pick<Config, 'GST_SIGNING_P12' | 'GST_SIGNING_PASSPHRASE' | 'SHOP_ADDRESS' | 'SHOP_EMAIL'>;

/** The file name of a document's PDF: its serial with '-' for '/' (PS/26-27/000123 → PS-26-27-000123.pdf). */
export const invoiceFilename = (doc: Pick<InvoiceRow, 'serial'>) => `${doc.serial.replaceAll('/', '-')}.pdf`;

/**
 * A GST document as its PDF file, made from its row: a credit note names the invoice it reduces (number and date),
 * the signature image is the one the document was issued with, and the shop's certificate (if any) signs it. The
 * Telugu is alongside when the order's customer reads Telugu (whoever downloads it: the customer, the counter or the
 * admin).
 */
export async function invoiceFile(
  db: Db,
  config: SigningConfig,
  doc: InvoiceRow,
  orderNumber: string,
): Promise<RenderedAttachment> {
  const [original] = doc.referencesInvoiceId
    ? await db
        .select({ serial: invoices.serial, issuedAt: invoices.issuedAt, documentType: invoices.documentType })
        .from(invoices)
        .where(eq(invoices.id, doc.referencesInvoiceId))
        .limit(1)
    : [];
  const [customer] = await db
    .select({ language: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, doc.orderId))
    .limit(1);
  const imageId = (doc.supplier as Supplier).signatureImageId;
  const [image] = imageId
    ? await db.select().from(gstSignatureImages).where(eq(gstSignatureImages.id, imageId)).limit(1)
    : [];
  // pdf-lib and the fonts load with the first bill drawn, not at start (idle memory).
  const { invoicePdf } = await import('./invoice-pdf.ts');
  const bytes = await invoicePdf(doc, orderNumber, {
    original: original ?? null,
    language: languageOr(customer?.language),
    signatureImage: image ? { contentType: image.contentType, bytes: Buffer.from(image.data, 'base64') } : null,
    signing: signingSetup(config),
  });
  return { filename: invoiceFilename(doc), contentType: 'application/pdf', content: Buffer.from(bytes) };
}

/**
 * The mailers' renderer for `{ kind: 'invoice', id }` attachments: the PDF is made from the invoice row at each
 * sending attempt (decision 029), so the mail queue stores a reference, never the bytes.
 */
export function invoiceAttachments(db: Db, config: SigningConfig): AttachmentRenderer {
  return async (ref) => {
    const [found] = await db
      .select({ doc: invoices, orderNumber: orders.orderNumber })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.id, ref.id))
      .limit(1);
    return found ? invoiceFile(db, config, found.doc, found.orderNumber) : null;
  };
}
