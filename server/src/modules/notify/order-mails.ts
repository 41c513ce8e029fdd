import { formatPaise } from '@shop/shared/common/money';
import { stripBidiControls } from '@shop/shared/auth/schemas';
import { PAPER_TYPES, paperSizeLabel } from '@shop/shared/common/options';
import type { orders } from '../../db/schema/index.ts';
import { formatDateIn } from '@shop/shared/i18n/format';
import type { Language, Translate } from '../../lib/i18n.ts';
import { documentSummary } from '@shop/shared/orders/document-summary';
import { addressText, documentWords, type OrderDocumentRow } from '../orders/index.ts';
import { notifyText } from './i18n/index.ts';
import { plainLinks } from '@shop/shared/notify/plain-links';

type OrderRow = typeof orders.$inferSelect;
export type OrderMailEvent = 'confirmation' | 'ready' | 'done';
type NotifyKey = Parameters<ReturnType<typeof notifyText.in>>[0];

export interface MailInput {
  order: OrderRow;
  /** The order's documents in print order (orders/order-documents.ts). */
  documents: readonly OrderDocumentRow[];
  customerName: string;
  /** The order's page; null for a walk-in order, which has no account to open it in (decision 025). */
  trackingUrl: string | null;
  shop: { name: string; address: string; phone: string };
  /** The order's GST document, attached to the confirmation. */
  bill?: { serial: string; documentType: 'receipt' | 'bill_of_supply' | 'tax_invoice' } | null;
  /** The recipient's language (their account's; English when unset). */
  language: Language;
}

/** "Wed, 25 Nov, 5:30 pm" / "25 నవంబర్, బుధవారం, సాయంత్రం 5:30" in the reader's language, in IST, Latin digits. */
const readyText = (lang: Language, d: Date): string => formatDateIn(lang, d, 'weekdayDateTime');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * What was ordered, two lines a customer recognises per document: the file and quantities, then how it is printed
 * (only the colour pages in colour, sides, paper, orientation, binding). Every order mail carries them.
 */
function orderLines(lang: Language, documents: readonly OrderDocumentRow[]): string[] {
  const t = notifyText.in(lang);
  const words = documentWords(lang);
  return documents.flatMap((o) => {
    // The one line every screen, ticket and bill says: "thesis.pdf · pages 12-40 · 3 colour + 26 B&W · 2 copies".
    const first = documentSummary(o, words);
    const binding = o.spiralBinding
      ? t('binding_spiral')
      : o.paperBinding
        ? t('binding_paper')
        : o.transparentSheet
          ? t('binding_transparent')
          : null;
    const paperType = (PAPER_TYPES as readonly string[]).includes(o.paperType)
      ? t(`paper_${o.paperType}` as NotifyKey)
      : o.paperType;
    const labels = [
      o.serviceName,
      o.colourMode === 'mixed'
        ? t('printing_mixed', { pages: o.colourPages || '–' })
        : t(o.printingType === 'bw' ? 'printing_bw' : o.printingType === 'pvc' ? 'printing_pvc' : 'printing_color'),
      t(o.sides === 'double' ? 'sides_double' : 'sides_single'),
      t('paper', { size: paperSizeLabel(o.paperSize), type: paperType }),
      t(o.orientation === 'landscape' ? 'orientation_landscape' : 'orientation_portrait'),
      ...(binding ? [binding] : []),
      ...(o.lamination ? [t('lamination')] : []),
    ];
    // Numbering and the separator are layout, the same in both languages.
    return [`${documents.length > 1 ? `${o.position}. ` : ''}${first}`, labels.join(' · ')];
  });
}

/** The document lines of an order in the reader's language, for mails written elsewhere (the refund mail). */
export const orderLinesIn = (language: Language, documents: readonly OrderDocumentRow[]) =>
  orderLines(language, documents);

/** The mail around its paragraphs: greeting, tracking link (or the shop's phone) and the shop's signature, as text and simple HTML. */
function wrap(t: Translate<NotifyKey>, subject: string, paragraphs: string[], input: Omit<MailInput, 'documents'>) {
  // A name typed at the counter is free text too: nothing in it becomes a link (decision 033).
  const hello = t('hello', { name: plainLinks(input.customerName) });
  // A walk-in order has no account to follow it in (decision 025): the shop's phone instead.
  const follow = input.trackingUrl
    ? t('followLink', { url: input.trackingUrl })
    : t('callShop', { phone: input.shop.phone });
  const text = [
    hello,
    '',
    ...paragraphs,
    '',
    follow,
    '',
    `${input.shop.name}`,
    `${input.shop.address} · ${input.shop.phone}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${input.language === 'te' ? 'te-IN' : 'en-IN'}"><body style="font-family:system-ui,'Noto Sans Telugu',sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(hello)}</p>
${paragraphs.map((p) => (p === '' ? '' : `<p style="margin:8px 0">${escapeHtml(p)}</p>`)).join('\n')}
${input.trackingUrl ? `<p><a href="${escapeHtml(input.trackingUrl)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t('followButton'))}</a></p>` : `<p>${escapeHtml(follow)}</p>`}
<p style="color:#64748b;font-size:13px">${escapeHtml(input.shop.name)} · ${escapeHtml(input.shop.address)} · ${escapeHtml(input.shop.phone)}</p>
</body></html>`;
  return { subject, text, html };
}

/** The customer's mail for an order event, in their language. */
export function orderMail(event: OrderMailEvent, input: MailInput) {
  const t = notifyText.in(input.language);
  const o = input.order;
  const safe = { ...input, customerName: stripBidiControls(input.customerName) };
  const pickup = o.deliveryType === 'pickup';
  const delivery = pickup ? 'pickup' : 'delivery';
  const orderNumber = o.orderNumber;
  const shop = input.shop.name;
  switch (event) {
    case 'confirmation': {
      const amount = formatPaise(o.totalAmount);
      return wrap(
        t,
        t('confirmationSubject', { orderNumber, amount }),
        [
          t('confirmationThanks', { orderNumber, amount, method: o.paymentMethod ?? 'online' }),
          ...(o.readyBy ? [t('readyBy', { when: readyText(input.language, o.readyBy) })] : []),
          '',
          ...orderLines(input.language, input.documents),
          '',
          pickup
            ? o.customerWaiting
              ? t('printingWhileYouWait', { shop })
              : t('pickupAt', { shop, address: input.shop.address })
            : t('deliverTo', { address: addressText(o.address) }),
          ...(pickup && o.pickupCode ? [t('pickupCodeFull', { code: o.pickupCode })] : []),
          ...(input.bill ? ['', t('billAttached', { type: input.bill.documentType, serial: input.bill.serial })] : []),
        ],
        safe,
      );
    }
    case 'ready':
      return wrap(
        t,
        t('readySubject', { delivery, orderNumber }),
        [
          ...(pickup
            ? [
                t('readyPickup', { orderNumber, shop, address: input.shop.address }),
                ...(o.pickupCode ? [t('pickupCode', { code: o.pickupCode })] : []),
              ]
            : [t('readyDelivery', { orderNumber, address: addressText(o.address) })]),
          '',
          ...orderLines(input.language, input.documents),
        ],
        safe,
      );
    case 'done':
      return wrap(
        t,
        t('doneSubject', { delivery, orderNumber }),
        [t('doneBody', { delivery, orderNumber, shop }), '', ...orderLines(input.language, input.documents)],
        safe,
      );
  }
}

/** A note from the shop about the order, with who wrote it and how to answer. */
export function messageMail(input: MailInput & { body: string; from: string }) {
  const t = notifyText.in(input.language);
  return wrap(
    t,
    t('messageSubject', { orderNumber: input.order.orderNumber }),
    // Staff write this: an address in it stays plain text, never a link in the shop's name (decision 033).
    [
      t('messageFrom', { from: stripBidiControls(input.from), shop: input.shop.name }),
      '',
      plainLinks(input.body),
      '',
      t('messageAnswer', { phone: input.shop.phone }),
      '',
      ...orderLines(input.language, input.documents),
    ],
    { ...input, customerName: stripBidiControls(input.customerName) },
  );
}

/** The customer's words for an order's status (WhatsApp templates' parameter), in their language. */
export function statusWords(language: Language, status: string, deliveryType: string): string {
  const t = notifyText.in(language);
  const delivery = deliveryType === 'pickup' ? 'pickup' : 'delivery';
  if (status === 'completed') return t('status_completed', { delivery });
  // A delivery order handed over at the counter is "Collected", as customerStatusLabel says.
  if (status === 'collected') return t('status_done', { delivery: 'pickup' });
  if (status === 'delivered') return t('status_done', { delivery });
  if (status === 'visited') return t('status_visited');
  if (status === 'processing') return t('status_processing');
  return t('status_unvisited');
}
