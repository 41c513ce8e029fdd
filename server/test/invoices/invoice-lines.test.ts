import { describe, expect, it } from 'vitest';
import type { orders } from '../../src/db/schema/index.ts';
import { DEFAULT_SACS, invoiceLinesOf, quantityText } from '../../src/modules/invoices/invoice-lines.ts';
import { allocateCredit } from '../../src/modules/invoices/invoices.service.ts';
import type { OrderDocumentRow } from '../../src/modules/orders/order-documents.ts';

type OrderRow = typeof orders.$inferSelect;
const order = (o: Partial<OrderRow>) => ({ orderNumber: 'PS-1', deliveryCharge: 0, ...o }) as OrderRow;
const doc = (d: Partial<OrderDocumentRow>) =>
  ({
    serviceId: 1,
    serviceName: 'B/W A4',
    originalFilename: 'a.pdf',
    pageCount: 10,
    printedPages: 10,
    pageRange: '',
    copies: 1,
    sides: 'single',
    printingType: 'bw',
    colourMode: 'all',
    colourPages: '',
    bindingCost: 0,
    paperOriginal: false,
    ...d,
  }) as OrderDocumentRow;

describe('invoice lines of an order of several documents', () => {
  it('one line per document with what was printed, its SAC, quantity and unit; the discount shared so the lines add up to what was paid', () => {
    // ₹333.33 + ₹333.34 + ₹333.33 = ₹1,000.00 subtotal, 4 % off → ₹960.00.
    const lines = invoiceLinesOf(order({ subtotal: 100000, totalCost: 96000, deliveryCharge: 3000 }), [
      doc({ originalFilename: 'thesis.pdf', printingCost: 33333, copies: 2, spiralBinding: true, sides: 'double' }),
      doc({ originalFilename: 'certificates.pdf', printingCost: 33334, pageRange: '2-4', printedPages: 3 }),
      doc({
        originalFilename: 'Aadhaar copy',
        printingCost: 33333,
        paperOriginal: true,
        pageCount: 2,
        printedPages: 2,
        copies: 5,
      }),
    ]);
    expect(lines.map((l) => l.description)).toEqual([
      // The line every screen shows (shared/src/orders/document-summary.ts), then sides and finishing.
      'B/W A4: thesis.pdf · 10 pages · B&W · 2 copies · both sides · spiral binding',
      'B/W A4: certificates.pdf · pages 2-4 · B&W · 1 copy',
      'B/W A4: Aadhaar copy (paper original) · 2 pages · B&W · 5 copies',
      'Home delivery (part of the supply above)',
    ]);
    expect(lines.map((l) => [l.sac, quantityText(l)])).toEqual([
      ['998912', '20 pages'],
      ['998912', '3 pages'],
      ['998595', '10 pages'],
      ['998912', '1 delivery'],
    ]);
    expect(lines.slice(0, 3).reduce((s, l) => s + l.grossPaise, 0)).toBe(96000);
    expect(lines.map((l) => l.grossPaise)).toEqual([32000, 32001, 31999, 3000]);
  });
  it('a photo is billed under the name the customer picked, one line for its one document', () => {
    const lines = invoiceLinesOf(order({ subtotal: 5000, totalCost: 5000 }), [
      doc({ originalFilename: 'photo.jpg', convertedFrom: 'jpeg', pageCount: 1, printedPages: 1, printingCost: 5000 }),
    ]);
    expect(lines).toEqual([
      {
        description: 'B/W A4: photo.jpg · 1 page · B&W · 1 copy',
        sac: '998912',
        quantity: 1,
        unit: 'pages',
        grossPaise: 5000,
      },
    ]);
  });

  it('a service with its own SAC, and delivery billed as its own supply when the shop says so', () => {
    const lines = invoiceLinesOf(
      order({ subtotal: 5000, totalCost: 5000, deliveryCharge: 3000 }),
      [doc({ serviceId: 7, printingCost: 5000, printingType: 'pvc', pageCount: 2, printedPages: 2, copies: 3 })],
      {
        ...DEFAULT_SACS,
        delivery: '996813',
        byService: new Map([[7, '998913']]),
      },
    );
    expect(lines.map((l) => [l.sac, quantityText(l), l.description])).toEqual([
      ['998913', '6 cards', 'B/W A4: a.pdf · 2 pages · PVC card · 3 copies'],
      ['996813', '1 delivery', 'Home delivery'],
    ]);
  });

  it('an order without document rows is billed as one line', () => {
    expect(invoiceLinesOf(order({ subtotal: 5000, totalCost: 5000 }), [])).toHaveLength(1);
  });
});

describe('a credit shared over the invoice lines', () => {
  it.each([
    [1000, [6000, 3000, 1000], [600, 300, 100]],
    [1, [6000, 3000, 1000], [1, 0, 0]],
    [10_000, [6000, 3000, 1000], [6000, 3000, 1000]],
    [7, [1, 1, 5], [1, 1, 5]],
    [3, [0, 5, 5], [0, 2, 1]],
  ])('%i over %j', (amount, remaining, shares) => {
    const out = allocateCredit(amount, remaining);
    expect(out).toEqual(shares);
    expect(out.reduce((s, v) => s + v, 0)).toBe(amount);
    out.forEach((v, i) => expect(v).toBeLessThanOrEqual(remaining[i]!));
  });
  it('refuses more than is left', () => expect(() => allocateCredit(11, [5, 5])).toThrow());
});
