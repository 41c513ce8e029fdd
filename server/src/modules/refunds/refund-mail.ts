import { formatPaise } from '@shop/shared/common/money';
import type { AppContext } from '../../context.ts';
import type { orders } from '../../db/schema/index.ts';
import type { RefundRow } from './refunds.repository.ts';

/** The customer's mail about a refund: how much, why, and when the bank shows it. */
export function refundMail(ctx: AppContext, order: typeof orders.$inferSelect, refund: RefundRow, name: string, creditNote?: { serial: string } | null) {
  const amount = formatPaise(refund.amount);
  const tracking = `${ctx.config.publicUrl}/order-tracking/${encodeURIComponent(order.orderNumber)}`;
  const how =
    refund.provider === 'counter'
      ? 'It was given back at the counter.'
      : 'It goes back to the card, UPI account or bank you paid with; banks usually show it within 5–7 working days.';
  return {
    subject: `Refund of ${amount} for order ${order.orderNumber}`,
    text: [
      `Hello ${name},`,
      '',
      `We have refunded ${amount} of your order ${order.orderNumber}.`,
      `Reason: ${refund.reason}`,
      '',
      how,
      ...(creditNote ? ['', `The credit note ${creditNote.serial} is attached as a PDF.`] : []),
      '',
      `Your order: ${tracking}`,
    ].join('\n'),
  };
}
