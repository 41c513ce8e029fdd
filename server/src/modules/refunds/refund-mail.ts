import { formatPaise } from '@shop/shared/common/money';
import type { AppContext } from '../../context.ts';
import type { orders } from '../../db/schema/index.ts';
import type { Language } from '../../lib/i18n.ts';
import { refundText } from './i18n/index.ts';
import type { RefundRow } from './refunds.repository.ts';

/**
 * The customer's mail about a refund, in their language: how much, why, when the bank shows it, the credit note;
 * `lines`: the order's documents as every order mail lists them (notify/order-mails.ts `orderLinesIn`).
 */
export function refundMail(
  ctx: AppContext,
  order: typeof orders.$inferSelect,
  refund: RefundRow,
  customer: { name: string; language: Language },
  creditNote?: { serial: string; documentType?: string } | null,
  lines: readonly string[] = [],
) {
  const t = refundText.in(customer.language);
  const amount = formatPaise(refund.amount);
  const orderNumber = order.orderNumber;
  const tracking = `${ctx.config.publicUrl}/order-tracking/${encodeURIComponent(orderNumber)}`;
  return {
    subject: t('subject', { amount, orderNumber }),
    text: [
      t('hello', { name: customer.name }),
      '',
      t('refunded', { amount, orderNumber }),
      t('reason', { reason: refund.reason }),
      '',
      t(refund.provider === 'counter' ? 'atCounter' : 'toBank'),
      ...(creditNote
        ? ['', t('creditNote', { serial: creditNote.serial, kind: creditNote.documentType ?? 'tax_invoice' })]
        : []),
      // A walk-in order has no account to follow it in (decision 025).
      ...(order.userId === null ? [] : ['', t('yourOrder', { url: tracking })]),
      ...(lines.length ? ['', ...lines] : []),
    ].join('\n'),
  };
}

/**
 * The customer's mail when their bank refused a refund (decision 021, `bounced`): the money is still theirs and the
 * counter gives it back. No credit note: the refund's own mail carried it.
 */
export function bouncedRefundMail(
  ctx: AppContext,
  order: typeof orders.$inferSelect,
  refund: RefundRow,
  customer: { name: string; language: Language },
) {
  const t = refundText.in(customer.language);
  const amount = formatPaise(refund.amount);
  const orderNumber = order.orderNumber;
  const tracking = `${ctx.config.publicUrl}/order-tracking/${encodeURIComponent(orderNumber)}`;
  return {
    subject: t('bouncedSubject', { amount, orderNumber }),
    text: [
      t('hello', { name: customer.name }),
      '',
      t('bounced', { amount, orderNumber }),
      t('bouncedWhatNext', { address: ctx.config.SHOP_ADDRESS, phone: ctx.config.SHOP_PHONE }),
      ...(order.userId === null ? [] : ['', t('yourOrder', { url: tracking })]),
    ].join('\n'),
  };
}
