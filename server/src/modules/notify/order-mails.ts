import { customerStatusLabel } from '@shop/shared/common/status';
import { formatPaise } from '@shop/shared/common/money';
import { paperSizeLabel, paperTypeLabel } from '@shop/shared/common/options';
import { stripBidiControls } from '@shop/shared/auth/schemas';
import type { orders } from '../../db/schema/index.ts';
import { addressText } from '../orders/back-office-dto.ts';
import type { OrderDocumentRow } from '../orders/order-documents.ts';

type OrderRow = typeof orders.$inferSelect;
export type OrderMailEvent = 'confirmation' | 'ready' | 'done';

interface MailInput {
  order: OrderRow;
  /** The order's documents in print order (orders/order-documents.ts). */
  documents: readonly OrderDocumentRow[];
  customerName: string;
  trackingUrl: string;
  shop: { name: string; address: string; phone: string };
  /** The order's GST document, attached to the confirmation. */
  bill?: { serial: string; documentType: 'receipt' | 'bill_of_supply' | 'tax_invoice' } | null;
}

const BILL_NAMES = { receipt: 'receipt', bill_of_supply: 'bill of supply', tax_invoice: 'tax invoice' } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What was ordered, two lines a customer recognises per document. */
function orderLines(documents: readonly OrderDocumentRow[]): string[] {
  return documents.flatMap((o) => {
    const binding = o.spiralBinding ? 'spiral binding' : o.paperBinding ? 'paper binding' : o.transparentSheet ? 'transparent sheet' : null;
    const pages = o.pageRange ? `pages ${o.pageRange} (${o.printedPages} of ${o.pageCount})` : `${o.pageCount} ${o.pageCount === 1 ? 'page' : 'pages'}`;
    return [
      `${documents.length > 1 ? `${o.position}. ` : ''}${o.originalFilename}: ${pages} × ${o.copies} ${o.copies === 1 ? 'copy' : 'copies'}`,
      `${o.serviceName} · ${o.printingType === 'bw' ? 'black & white' : o.printingType === 'pvc' ? 'PVC card' : 'colour'} · ${o.sides === 'double' ? 'double-sided' : 'single-sided'} · ${paperSizeLabel(o.paperSize)} ${paperTypeLabel(o.paperType)}${binding ? ` · ${binding}` : ''}${o.lamination ? ' · lamination' : ''}`,
    ];
  });
}

function wrap(title: string, paragraphs: string[], input: Omit<MailInput, 'documents'>) {
  const text = [`Hello ${input.customerName},`, '', ...paragraphs, '', `Follow your order: ${input.trackingUrl}`, '', `${input.shop.name}`, `${input.shop.address} · ${input.shop.phone}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>Hello ${escapeHtml(input.customerName)},</p>
${paragraphs.map((p) => (p === '' ? '' : `<p style="margin:8px 0">${escapeHtml(p)}</p>`)).join('\n')}
<p><a href="${escapeHtml(input.trackingUrl)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Follow your order</a></p>
<p style="color:#64748b;font-size:13px">${escapeHtml(input.shop.name)} · ${escapeHtml(input.shop.address)} · ${escapeHtml(input.shop.phone)}</p>
</body></html>`;
  return { subject: title, text, html };
}

/** The customer's mail for an order event (English; one function per mail so a translation can follow). */
export function orderMail(event: OrderMailEvent, input: MailInput) {
  const o = input.order;
  const name = stripBidiControls(input.customerName);
  const safe = { ...input, customerName: name };
  const pickup = o.deliveryType === 'pickup';
  switch (event) {
    case 'confirmation':
      return wrap(
        `Order ${o.orderNumber} placed: ${formatPaise(o.totalAmount)} paid`,
        [
          `Thank you: we have your order ${o.orderNumber} and your payment of ${formatPaise(o.totalAmount)}.`,
          '',
          ...orderLines(input.documents),
          '',
          pickup ? `Pick it up at ${input.shop.name}, ${input.shop.address}. We will mail you when it is ready.` : `We will deliver it to: ${addressText(o.address)}.`,
          ...(pickup && o.pickupCode ? [`Your pickup code: ${o.pickupCode} (show it at the counter; its QR code is on your order page).`] : []),
          ...(input.bill ? ['', `Your ${BILL_NAMES[input.bill.documentType]} ${input.bill.serial} is attached as a PDF.`] : []),
        ],
        safe,
      );
    case 'ready':
      return wrap(
        `Order ${o.orderNumber}: ${customerStatusLabel('completed', o.deliveryType)}`,
        pickup
          ? [`Your order ${o.orderNumber} is printed and ready for pickup at ${input.shop.name}, ${input.shop.address}.`, ...(o.pickupCode ? [`Your pickup code: ${o.pickupCode}`] : [])]
          : [`Your order ${o.orderNumber} is printed and out for delivery to: ${addressText(o.address)}.`],
        safe,
      );
    case 'done':
      return wrap(
        `Order ${o.orderNumber}: ${customerStatusLabel(pickup ? 'collected' : 'delivered', o.deliveryType)}`,
        [pickup ? `Your order ${o.orderNumber} was collected. Thank you for choosing ${input.shop.name}.` : `Your order ${o.orderNumber} was delivered. Thank you for choosing ${input.shop.name}.`],
        safe,
      );
  }
}

/** A note from the shop about the order, with who wrote it and how to answer. */
export function messageMail(input: Omit<MailInput, 'documents'> & { body: string; from: string }) {
  const o = input.order;
  return wrap(
    `A message about your order ${o.orderNumber}`,
    [`${stripBidiControls(input.from)} at ${input.shop.name} writes:`, '', input.body, '', `To answer, call ${input.shop.phone} or reply to this mail.`],
    { ...input, customerName: stripBidiControls(input.customerName) },
  );
}
