import { describe, expect, it } from 'vitest';
import { indianMobileE164 } from '../common/mobile.ts';
import { counterWhatsAppUrl } from './whatsapp-link.ts';

/** The chat's prefilled text, decoded as WhatsApp reads it. */
const textOf = (url: string | null) => decodeURIComponent(url!.split('?text=')[1]!);

describe('counter WhatsApp link', () => {
  it('opens a chat holding the order number and its status in the customer’s words', () => {
    const url = counterWhatsAppUrl(
      '+91 98480 11111',
      { orderNumber: 'ORD-20261124-0042', status: 'completed', deliveryType: 'pickup' },
      'Sri Sai Xerox & Printers',
    );
    expect(url).toMatch(/^https:\/\/wa\.me\/919848011111\?text=/);
    const text = textOf(url);
    expect(text).toBe('Hello from Sri Sai Xerox & Printers, about your order ORD-20261124-0042 (Ready for pickup): ');
    // The & of the shop's name and the spaces are encoded, so the text is not cut at "&".
    expect(url).not.toContain('Xerox & Printers');
  });

  it('uses the delivery words for a home delivery', () => {
    const text = textOf(
      counterWhatsAppUrl('9848011111', { orderNumber: 'ORD-1', status: 'completed', deliveryType: 'delivery' }),
    );
    expect(text).toContain('(Out for delivery)');
  });

  it('no link for a number that is not an Indian mobile number', () => {
    expect(counterWhatsAppUrl('12345', { orderNumber: 'ORD-1', status: 'unvisited' })).toBeNull();
    expect(counterWhatsAppUrl(null)).toBeNull();
    expect(counterWhatsAppUrl('098480 11111')).toBe('https://wa.me/919848011111');
  });

  it('E.164 from the ways people type a number', () => {
    for (const typed of ['98480 11111', '+91 98480 11111', '+91-98480-11111', '098480 11111', '919848011111'])
      expect(indianMobileE164(typed)).toBe('+919848011111');
    expect(indianMobileE164('1234567890')).toBeNull();
    expect(indianMobileE164('abc')).toBeNull();
  });
});
