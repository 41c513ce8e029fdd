import { describe, expect, it } from 'vitest';
import {
  DocumentPricingError,
  documentShares,
  MAX_DOCUMENTS_PER_ORDER,
  priceOrder,
  type DocumentToPrice,
} from './price-order.ts';
import { calculateCost, PricingError } from './pricing.ts';

const bw = { priceSingleSide: 200, priceDoubleSide: 300 };
const colour = { priceSingleSide: 1000, priceDoubleSide: 1800 };
const doc = (over: Partial<DocumentToPrice> & { pages?: number } = {}): DocumentToPrice => ({
  pageCount: over.pages ?? over.pageCount ?? 10,
  service: bw,
  options: { sides: 'single', copies: 1 },
  ...over,
});

describe('priceOrder: the one price function', () => {
  it('is calculateCost for one document of all its pages', () => {
    const one = doc({ pages: 120, options: { sides: 'double', copies: 3, spiralBinding: true } });
    const { documents, totalAmount, ...order } = priceOrder([one], 'delivery');
    expect(order).toEqual(calculateCost({ pages: 120, service: bw, options: one.options }));
    expect(totalAmount).toBe(order.totalCost + order.deliveryCharge);
    expect(documents[0]).toMatchObject({
      pageRange: '',
      printed: Array.from({ length: 120 }, (_, i) => i + 1),
      colourPages: [],
    });
  });

  it('adds documents, then applies the discount tier to the order subtotal', () => {
    // A thesis (300 pages B&W, spiral: ₹600 + a ₹50 book) and its 5 certificate pages in colour (₹50).
    const order = priceOrder(
      [
        doc({ pages: 300, options: { sides: 'single', copies: 1, spiralBinding: true } }),
        doc({ pages: 5, service: colour }),
      ],
      'pickup',
    );
    expect(order.documents.map((d) => d.subtotal)).toEqual([65000, 5000]);
    expect([order.subtotal, order.discountRate, order.discountAmount, order.totalCost]).toEqual([
      70000, 2, 1400, 68600,
    ]);
    expect([order.deliveryCharge, order.totalAmount]).toEqual([0, 68600]);
    expect([order.pages, order.copies]).toEqual([305, 2]);
  });

  it('reaches a tier together that no document reaches alone', () => {
    expect(priceOrder([doc({ pages: 100 })], 'pickup').discountRate).toBe(0);
    expect(priceOrder([doc({ pages: 100 }), doc({ pages: 100 }), doc({ pages: 100 })], 'pickup').discountRate).toBe(2);
  });

  it('binds spiral books per document', () => {
    const order = priceOrder(
      [
        doc({ pages: 40, options: { sides: 'single', copies: 2, spiralBinding: true } }),
        doc({ pages: 400, options: { sides: 'single', copies: 1, spiralBinding: true } }),
      ],
      'pickup',
    );
    expect(order.documents.map((d) => d.bindingCost)).toEqual([4000, 8000]);
    expect(order.books).toBe(3);
  });

  it('counts only the pages of a range, in normal form', () => {
    const order = priceOrder([doc({ pageCount: 26, pageRange: ' 8, 1-3,2 ' })], 'pickup');
    expect(order.documents[0]).toMatchObject({
      pageRange: '1-3, 8',
      printed: [1, 2, 3, 8],
      pages: 4,
      printingCost: 800,
    });
  });

  it('prices a mixed document: colour pages at the colour rate, the rest at the black & white partner, inside its range', () => {
    // Pages 2-7 of 7, colour on 4, 5, 6: 3 × ₹10 + 3 × ₹2, two copies.
    const order = priceOrder(
      [
        doc({
          pageCount: 7,
          pageRange: '2-7',
          service: colour,
          options: { sides: 'single', copies: 2 },
          mixed: { colourPages: [1, 4, 5, 6], bwService: bw },
        }),
      ],
      'delivery',
    );
    expect(order.documents[0]).toMatchObject({ colourPages: [4, 5, 6], printingCost: 7200 });
    expect(order.deliveryCharge).toBe(3000);
  });

  it('charges delivery under ₹2000 only', () => {
    expect(priceOrder([doc({ pages: 10 })], 'delivery').deliveryCharge).toBe(3000);
    expect(
      priceOrder([doc({ pages: 1000, service: { priceSingleSide: 300, priceDoubleSide: 500 } })], 'delivery')
        .deliveryCharge,
    ).toBe(0);
  });

  it('names the document it cannot price, with the page range issue', () => {
    const err = (() => {
      try {
        priceOrder([doc(), doc({ pageCount: 4, pageRange: '3-9' })], 'pickup');
      } catch (e) {
        return e;
      }
    })() as DocumentPricingError;
    expect(err).toBeInstanceOf(DocumentPricingError);
    expect([err.index, err.message, err.issue]).toEqual([
      1,
      'This document has 4 pages, so page 9 is not in it.',
      { code: 'beyond', pageCount: 4, page: 9 },
    ]);
    expect(() => priceOrder([doc({ options: { sides: 'single', copies: 0 } })], 'pickup')).toThrow(
      DocumentPricingError,
    );
  });

  it('refuses no documents and too many', () => {
    expect(() => priceOrder([], 'pickup')).toThrow(PricingError);
    expect(() =>
      priceOrder(
        Array.from({ length: MAX_DOCUMENTS_PER_ORDER + 1 }, () => doc()),
        'pickup',
      ),
    ).toThrow(`at most ${MAX_DOCUMENTS_PER_ORDER}`);
  });
});

describe('documentShares: the order total split over its documents', () => {
  it.each([
    [{ totalCost: 68600 }, [65000, 5000], [63700, 4900]],
    [{ totalCost: 100 }, [1, 1, 1], [33, 33, 34]],
    [{ totalCost: 0 }, [0, 0], [0, 0]],
  ])('%j of %j', (order, subtotals, shares) => {
    const parts = documentShares(
      order,
      subtotals.map((s) => ({ printingCost: s, bindingCost: 0 })),
    );
    expect(parts).toEqual(shares);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(order.totalCost);
  });
});
