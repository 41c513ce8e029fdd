import { describe, expect, it } from 'vitest';
import {
  amountPayable,
  bindingPerCopy,
  calculateCost,
  chargedRate,
  deliveryChargeFor,
  discountRateFor,
  PricingError,
  splitIntoBooks,
  toCostResult,
  type PricedOptions,
} from './pricing.ts';

const service = { priceSingleSide: 100, priceDoubleSide: 150 }; // ₹1 a page, ₹1.50 a double-sided sheet
const opts = (o: Partial<PricedOptions> = {}): PricedOptions => ({ sides: 'single', copies: 1, ...o });

describe('printing cost and sheets', () => {
  it.each([
    // pages, sides, copies, printing (paise), totalSheets
    [1, 'single', 1, 100, 1],
    [10, 'single', 3, 3000, 30],
    [5, 'double', 3, 3 * 3 * 150, 9],
    [6, 'double', 2, 3 * 2 * 150, 6],
    [1, 'double', 1, 150, 1],
  ] as const)('%i pages %s × %i copies → %i paise, %i sheets', (pages, sides, copies, printing, sheets) => {
    const c = calculateCost({ pages, service, options: opts({ sides, copies }) });
    expect(c.printingCost).toBe(printing);
    expect(c.totalSheets).toBe(sheets);
    expect(c.pages).toBe(pages);
    expect(c.copies).toBe(copies);
  });
});

describe('binding per copy', () => {
  it.each([
    // pages, spiral price per copy (paise), books
    [1, 2000, 1],
    [50, 2000, 1],
    [51, 3000, 1],
    [150, 3000, 1],
    [151, 4000, 1],
    [250, 4000, 1],
    [251, 5000, 1],
    [350, 5000, 1],
    [351, 8000, 2], // 176 + 175 pages: ₹40 + ₹40
    [700, 10000, 2], // 350 + 350
    [701, 12000, 3], // 234 + 234 + 233: ₹40 × 3
    [1000, 15000, 3], // 334 + 333 + 333: ₹50 × 3
    [1051, 20000, 4], // 263 ×3 + 262: ₹50 × 4
    [702, 12000, 3], // 234 × 3
  ] as const)('spiral, %i pages', (pages, price, books) => {
    expect(bindingPerCopy(pages, opts({ spiralBinding: true }))).toEqual({ price, books });
  });

  it('splits into near-equal books', () => {
    expect(splitIntoBooks(351)).toEqual([176, 175]);
    expect(splitIntoBooks(700)).toEqual([350, 350]);
    expect(splitIntoBooks(701)).toEqual([234, 234, 233]);
    expect(splitIntoBooks(80)).toEqual([80]);
  });

  it.each([
    ['paperBinding', 1500],
    ['transparentSheet', 2000],
    ['lamination', 2000],
  ] as const)('%s costs %i paise a copy', (binding, price) => {
    const c = calculateCost({ pages: 400, service, options: opts({ copies: 4, [binding]: true }) });
    expect(c.bindingCost).toBe(price * 4);
    expect(c.books).toBe(0);
  });

  it('charges spiral binding per copy', () => {
    const c = calculateCost({ pages: 351, service, options: opts({ copies: 2, spiralBinding: true }) });
    expect(c.bindingCost).toBe(16000); // (₹40 + ₹40) × 2
    expect(c.books).toBe(2);
  });

  it('refuses more than one binding', () => {
    expect(() => bindingPerCopy(10, opts({ spiralBinding: true, lamination: true }))).toThrow(PricingError);
  });

  it('no binding costs nothing', () => {
    expect(bindingPerCopy(10, opts())).toEqual({ price: 0, books: 0 });
  });
});

describe('discount', () => {
  it.each([
    // subtotal (paise), rate, discount (paise), total (paise)
    [49999, 0, 0, 49999],
    [50000, 2, 1000, 49000], // ₹500
    [99999, 2, 2000, 97999], // ₹999.99: 1999.98 → 2000
    [100000, 4, 4000, 96000], // ₹1000
    [150000, 4, 6000, 144000], // ₹1500
    [150001, 5, 7500, 142501], // ₹1500.01: 7500.05 → 7500
    [150030, 5, 7502, 142528], // 7501.5 → 7502 (half up)
  ] as const)('subtotal %i → %i%%', (subtotal, rate, discount, total) => {
    expect(discountRateFor(subtotal)).toBe(rate);
    const c = calculateCost({ pages: 1, service: { priceSingleSide: subtotal, priceDoubleSide: 1 }, options: opts() });
    expect(c.subtotal).toBe(subtotal);
    expect(c.discountRate).toBe(rate);
    expect(c.discountAmount).toBe(discount);
    expect(c.totalCost).toBe(total);
  });
});

describe('delivery charge', () => {
  it.each([
    ['delivery', 199999, 3000],
    ['delivery', 200000, 0],
    ['delivery', 100, 3000],
    ['pickup', 199999, 0],
    ['pickup', 100, 0],
  ] as const)('%s at %i paise → %i', (type, total, charge) => {
    expect(deliveryChargeFor(type, total)).toBe(charge);
  });

  it('uses the total after discount: ₹2105.25 less 5% is ₹1999.99, so ₹30 is charged', () => {
    const c = calculateCost({ pages: 1, service: { priceSingleSide: 210525, priceDoubleSide: 1 }, options: opts() });
    expect(c.totalCost).toBe(199999);
    expect(c.deliveryCharge).toBe(3000);
    expect(amountPayable(c, 'delivery')).toBe(202999);
    expect(amountPayable(c, 'pickup')).toBe(199999);
    const d = calculateCost({ pages: 1, service: { priceSingleSide: 210526, priceDoubleSide: 1 }, options: opts() });
    expect(d.totalCost).toBe(200000);
    expect(amountPayable(d, 'delivery')).toBe(200000);
  });
});

describe('a whole order', () => {
  it('38 pages, double-sided, 10 copies, spiral, at ₹2/page and ₹3/sheet', () => {
    const c = calculateCost({
      pages: 38,
      service: { priceSingleSide: 200, priceDoubleSide: 300 },
      options: opts({ sides: 'double', copies: 10, spiralBinding: true }),
    });
    // 19 sheets × 10 × ₹3 = ₹570; spiral ₹20 × 10 = ₹200; subtotal ₹770 → 2% = ₹15.40; total ₹754.60
    expect(c).toEqual({
      printingCost: 57000,
      bindingCost: 20000,
      additionalCost: 0,
      subtotal: 77000,
      discountRate: 2,
      discountAmount: 1540,
      totalCost: 75460,
      pages: 38,
      copies: 10,
      totalSheets: 190,
      books: 1,
      deliveryCharge: 3000,
    });
    expect(toCostResult(c)).toEqual({
      printingCost: 570,
      bindingCost: 200,
      additionalCost: 0,
      subtotal: 770,
      discountRate: 2,
      discountAmount: 15.4,
      totalCost: 754.6,
      pages: 38,
      copies: 10,
      totalSheets: 190,
      books: 1,
      deliveryCharge: 30,
    });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s copies', (copies) => {
    expect(() => calculateCost({ pages: 1, service, options: opts({ copies }) })).toThrow(PricingError);
  });

  it.each([0, -3, 2.5])('refuses %s pages', (pages) => {
    expect(() => calculateCost({ pages, service, options: opts() })).toThrow(PricingError);
  });
});

describe('the rate an order was charged at (the counter card shows it)', () => {
  it.each([
    [38, 'single', 1, 200, 'page'],
    [38, 'double', 3, 300, 'sheet'],
    [7, 'double', 2, 1800, 'sheet'],
    [1, 'single', 1000, 1, 'page'],
    [351, 'double', 4, 5500, 'sheet'],
  ] as const)(
    '%s pages %s × %s copies at %s paise: that rate per %s, in paise and in rupees',
    (pages, sides, copies, rate, per) => {
      const c = calculateCost({
        pages,
        service: { priceSingleSide: rate, priceDoubleSide: rate },
        options: opts({ sides, copies, spiralBinding: pages <= 350 }),
      });
      expect(chargedRate({ printingCost: c.printingCost, pages, copies, sides })).toEqual({ rate, per });
      const r = toCostResult(c);
      expect(chargedRate({ printingCost: r.printingCost, pages, copies, sides })).toEqual({ rate: rate / 100, per });
    },
  );
});
