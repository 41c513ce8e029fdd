import { indianMobileE164 } from '../common/mobile.ts';
import { customerStatusLabel } from '../common/status.ts';

/**
 * The counter's WhatsApp button: a wa.me link that opens a chat with the customer already holding the order number
 * and its status in the customer's words, or null when the number is not an Indian mobile number.
 */
export function counterWhatsAppUrl(
  mobile: string | null | undefined,
  order?: { orderNumber: string; status: string; deliveryType?: string },
  shopName?: string,
): string | null {
  const e164 = indianMobileE164(mobile ?? '');
  if (!e164) return null;
  const base = `https://wa.me/${e164.slice(1)}`;
  if (!order) return base;
  const from = shopName ? ` from ${shopName}` : '';
  const text = `Hello${from}, about your order ${order.orderNumber} (${customerStatusLabel(order.status, order.deliveryType)}): `;
  return `${base}?text=${encodeURIComponent(text)}`;
}
