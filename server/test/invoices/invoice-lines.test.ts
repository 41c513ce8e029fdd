import { describe, expect, it } from 'vitest';
import type { orders } from '../../src/db/schema/index.ts';
import { invoiceLinesOf } from '../../src/modules/invoices/invoice-lines.ts';
import type { OrderDocumentRow } from '../../src/modules/orders/order-documents.ts';

type OrderRow = typeof orders.$inferSelect;
const order = (o: Partial<OrderRow>) => ({ deliveryCharge: 0, ...o }) as OrderRow;
const doc = (d: Partial<OrderDocumentRow>) => ({ serviceName: 'B/W A4', originalFilename: 'a.pdf', pageCount: 10, pageRange: '', copies: 1, bindingCost: 0, ...d }) as OrderDocumentRow;

describe('invoice lines of an order of several documents', () => {
  it('one line per document, the order discount shared so the lines add up to what was paid', () => {
    // ₹333.33 + ₹333.34 + ₹333.33 = ₹1,000.00 subtotal, 4 % off → ₹960.00.
    const lines = invoiceLinesOf(order({ subtotal: 100000, totalCost: 96000, deliveryCharge: 3000 }), [
      doc({ originalFilename: 'thesis.pdf', printingCost: 33333 }),
      doc({ originalFilename: 'certificates.pdf', printingCost: 33334, pageRange: '2-4' }),
      doc({ originalFilename: 'resume.pdf', printingCost: 33333 }),
    ]);
    expect(lines.map((l) => l.description)).toEqual([
      'B/W A4: thesis.pdf, 10 pages x 1',
      'B/W A4: certificates.pdf, pages 2-4 x 1',
      'B/W A4: resume.pdf, 10 pages x 1',
      'Home delivery',
    ]);
    expect(lines.slice(0, 3).reduce((s, l) => s + l.grossPaise, 0)).toBe(96000);
    expect(lines.map((l) => l.grossPaise)).toEqual([32000, 32001, 31999, 3000]);
  });
  it('a photo is billed under the name the customer picked, one line for its one document', () => {
    const lines = invoiceLinesOf(order({ subtotal: 5000, totalCost: 5000 }), [doc({ originalFilename: 'photo.jpg', convertedFrom: 'jpeg', pageCount: 1, printingCost: 5000 })]);
    expect(lines).toEqual([{ description: 'B/W A4: photo.jpg, 1 pages x 1', sac: '998912', quantity: 1, grossPaise: 5000 }]);
  });
});
