import { describe, expect, it } from 'vitest';
import { findPlacedOrder, forgetPlacedOrders, rememberPlacedOrder, type PlacedOrder } from './placed-orders';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    raw: m,
  };
};

const order = (orderNumber: string, userId = 7): PlacedOrder => ({
  orderNumber,
  userId,
  placedAt: '2026-11-23T10:00:00.000Z',
  fileDetails: { originalFilename: 'notes.pdf' },
  pdfInfo: { pageCount: 12 },
  printingOptions: {
    serviceName: 'B&W A4',
    printingType: 'bw',
    paperSize: 'a4',
    paperType: 'white_75gsm',
    sides: 'double',
    orientation: 'portrait',
    copies: 2,
    spiralBinding: true,
    paperBinding: false,
    transparentSheet: false,
    lamination: false,
  },
  costSummary: { totalCost: 40, finalAmount: 40 },
  deliveryType: 'pickup',
  deliveryCharge: 0,
});

describe('orders paid in this browser (tracking fallback)', () => {
  it('finds a paid order only for the customer who paid it', () => {
    const s = memory();
    rememberPlacedOrder(order('PS-1', 7), s);
    expect(findPlacedOrder(7, 'PS-1', s)?.pdfInfo.pageCount).toBe(12);
    expect(findPlacedOrder(8, 'PS-1', s)).toBeNull();
    expect(findPlacedOrder(undefined, 'PS-1', s)).toBeNull();
    expect(findPlacedOrder(7, 'PS-2', s)).toBeNull();
  });

  it('keeps the last five, newest first, and one copy per order number', () => {
    const s = memory();
    for (let i = 1; i <= 7; i++) rememberPlacedOrder(order(`PS-${i}`), s);
    rememberPlacedOrder({ ...order('PS-7'), pdfInfo: { pageCount: 99 } }, s);
    const kept = JSON.parse(s.raw.get('placedOrders')!) as PlacedOrder[];
    expect(kept.map((o) => o.orderNumber)).toEqual(['PS-7', 'PS-6', 'PS-5', 'PS-4', 'PS-3']);
    expect(findPlacedOrder(7, 'PS-7', s)?.pdfInfo.pageCount).toBe(99);
    expect(findPlacedOrder(7, 'PS-1', s)).toBeNull();
  });

  it('keeps no address or phone, and forgets everything at sign-out', () => {
    const s = memory();
    rememberPlacedOrder(order('PS-1'), s);
    expect(s.raw.get('placedOrders')).not.toMatch(/address|mobile|phone/i);
    forgetPlacedOrders(s);
    expect(findPlacedOrder(7, 'PS-1', s)).toBeNull();
  });

  it('survives damaged or missing storage', () => {
    const s = memory();
    s.setItem('placedOrders', '{not json');
    expect(findPlacedOrder(7, 'PS-1', s)).toBeNull();
    rememberPlacedOrder(order('PS-1'), s);
    expect(findPlacedOrder(7, 'PS-1', s)).not.toBeNull();
    expect(() => rememberPlacedOrder(order('PS-2'), null)).not.toThrow();
    expect(findPlacedOrder(7, 'PS-2', null)).toBeNull();
  });
});
