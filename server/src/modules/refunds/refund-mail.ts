import { formatPaise } from '@shop/shared/common/money';
import type { AppContext } from '../../context.ts';
import type { orders } from '../../db/schema/index.ts';
import type { Language } from '../../lib/i18n.ts';
import { refundText } from './i18n/index.ts';
import type { RefundRow } from './refunds.repository.ts';

type Order = typeof orders.$inferSelect;
type Customer = { name: string; language: Language };

/**
 * What both refund mails say of the refund, in the customer's language: its amount and order, and the line with the
 * order's link (none for a walk-in order, which has no account to follow it in: decision 025).
 */
function about(ctx: AppContext, order: Order, refund: RefundRow, customer: Customer) {
  const t = refundText.in(customer.language);
  const orderNumber = order.orderNumber;
  const url = `${ctx.config.publicUrl}/order-tracking/${encodeURIComponent(orderNumber)}`;
  return {
    t,
    vars: { amount: formatPaise(refund.amount), orderNumber },
    yourOrder: order.userId === null ? [] : ['', t('yourOrder', { url })],
  };
}

/**
 * The customer's mail about a refund, in their language: how much, why, when the bank shows it, the credit note;
 * `lines`: the order's documents as every order mail lists them (notify/order-mails.ts `orderLinesIn`).
 */
export function refundMail(
  ctx: AppContext,
  order: Order,
  refund: RefundRow,
  customer: Customer,
  creditNote?: { serial: string; documentType?: string } | null,
  lines: readonly string[] = [],
) {
  const { t, vars, yourOrder } = about(ctx, order, refund, customer);
  return {
    subject: t('subject', vars),
    text: [
      t('hello', { name: customer.name }),
      '',
      t('refunded', vars),
      t('reason', { reason: refund.reason }),
      '',
      t(refund.provider === 'counter' ? 'atCounter' : 'toBank'),
      ...(creditNote
        ? ['', t('creditNote', { serial: creditNote.serial, kind: creditNote.documentType ?? 'tax_invoice' })]
        : []),
      ...yourOrder,
      ...(lines.length ? ['', ...lines] : []),
    ].join('\n'),
  };
}

/**
 * The customer's mail when their bank refused a refund (decision 021, `bounced`): the money is still theirs and the
 * counter gives it back. No credit note: the refund's own mail carried it.
 */
export function bouncedRefundMail(ctx: AppContext, order: Order, refund: RefundRow, customer: Customer) {
  const { t, vars, yourOrder } = about(ctx, order, refund, customer);
  return {
    subject: t('bouncedSubject', vars),
    text: [
      t('hello', { name: customer.name }),
      '',
      t('bounced', vars),
      t('bouncedWhatNext', { address: ctx.config.SHOP_ADDRESS, phone: ctx.config.SHOP_PHONE }),
      ...yourOrder,
    ].join('\n'),
  };
}
