import { describe, expect, it } from 'vitest';
import { calculateOrderCost, MAX_DOCUMENTS_PER_ORDER } from './order-cost.ts';
import { calculateCost } from './pricing.ts';

const bw = { priceSingleSide: 200, priceDoubleSide: 300 };
const colour = { priceSingleSide: 1000, priceDoubleSide: 1800 };

describe('calculateOrderCost', () => {
  it('is calculateCost for one document', () => {
    const doc = { pages: 120, service: bw, options: { sides: 'double' as const, copies: 3, spiralBinding: true } };
    const { documents, ...order } = calculateOrderCost([doc]);
    expect(order).toEqual(calculateCost(doc));
    expect(documents).toHaveLength(1);
  });

  it('adds documents, then applies the discount tier to the order subtotal', () => {
    // A thesis (300 pages B&W, spiral: ₹600 + a ₹50 book) and its 5 certificate pages in colour (₹50).
    const order = calculateOrderCost([
      { pages: 300, service: bw, options: { sides: 'single', copies: 1, spiralBinding: true } },
      { pages: 5, service: colour, options: { sides: 'single', copies: 1 } },
    ]);
    expect(order.documents.map((d) => d.subtotal)).toEqual([65000, 5000]);
    expect(order.subtotal).toBe(70000);
    expect(order.discountRate).toBe(2);
    expect(order.discountAmount).toBe(1400);
    expect(order.totalCost).toBe(68600);
    expect(order.pages).toBe(305);
    expect(order.copies).toBe(2);
  });

  it('reaches a tier together that no document reaches alone', () => {
    const doc = { pages: 100, service: bw, options: { sides: 'single' as const, copies: 1 } };
    expect(calculateOrderCost([doc]).discountRate).toBe(0);
    expect(calculateOrderCost([doc, doc, doc]).discountRate).toBe(2);
  });

  it('binds spiral books per document', () => {
    const order = calculateOrderCost([
      { pages: 40, service: bw, options: { sides: 'single', copies: 2, spiralBinding: true } },
      { pages: 400, service: bw, options: { sides: 'single', copies: 1, spiralBinding: true } },
    ]);
    // 2 copies × ₹20 book, then 400 pages → 2 books of 200 → 2 × ₹40.
    expect(order.documents.map((d) => d.bindingCost)).toEqual([4000, 8000]);
    expect(order.books).toBe(3);
  });

  it('refuses no documents and too many', () => {
    expect(() => calculateOrderCost([])).toThrow('Add at least one document');
    const doc = { pages: 1, service: bw, options: { sides: 'single' as const, copies: 1 } };
    expect(() => calculateOrderCost(Array.from({ length: MAX_DOCUMENTS_PER_ORDER + 1 }, () => doc))).toThrow(`at most ${MAX_DOCUMENTS_PER_ORDER}`);
  });
});
