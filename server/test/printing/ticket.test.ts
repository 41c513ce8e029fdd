import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import type { orders } from '../../src/db/schema/index.ts';
import type { OrderDocumentRow } from '../../src/modules/orders/order-documents.ts';
import { renderTicket } from '../../src/modules/printing/ticket.ts';
import { ticketDataFor } from '../../src/modules/printing/ticket-data.ts';

const order = {
  orderNumber: 'PS-261125-TICKT',
  userName: 'Padma',
  mobileNumber: '9876543210',
  deliveryType: 'pickup',
  address: null,
  totalAmount: 98_000,
  paidAt: new Date(),
  paperSize: 'a4',
} as unknown as typeof orders.$inferSelect;
const doc = (position: number, over: Partial<OrderDocumentRow> = {}) =>
  ({
    originalFilename: `chapter-${position}.pdf`,
    pageCount: 40,
    printedPages: 40,
    pageRange: '',
    copies: 1,
    sides: 'single',
    paperSize: 'a4',
    paperType: 'white_75gsm',
    orientation: 'portrait',
    printingType: 'bw',
    colourMode: 'all',
    colourPages: '',
    spiralBinding: false,
    paperBinding: false,
    transparentSheet: false,
    lamination: false,
    ...over,
  }) as OrderDocumentRow;

/** The counter's cover sheet of an order: every document, as it prints. */
describe('the cover sheet of an order of many documents', () => {
  it('lists every document, going on to more sheets, and says which pages of a mixed document go in colour', async () => {
    const documents = Array.from({ length: 9 }, (_, i) =>
      doc(i + 1, i === 4 ? { printingType: 'color', colourMode: 'mixed', colourPages: '4-6, 9' } : {}),
    );
    const pdf = await renderTicket(ticketDataFor(loadConfig({ LOG_LEVEL: 'silent' }), order, documents));
    const read = mupdf.Document.openDocument(pdf, 'application/pdf');
    const text = Array.from({ length: read.countPages() }, (_, i) =>
      read.loadPage(i).toStructuredText('preserve-whitespace').asText(),
    ).join('\n');
    expect(read.countPages()).toBeGreaterThan(1);
    for (let i = 1; i <= 9; i++) expect(text).toContain(`chapter-${i}.pdf`);
    expect(text.replace(/\s+/g, ' ')).toContain('4 colour + 36 B&W: colour on pages 4–6, 9; the rest black & white');
    expect(text).toContain('PS-261125-TICKT (continued');
  });

  it('a print job’s own ticket stays one sheet', async () => {
    const pdf = await renderTicket(ticketDataFor(loadConfig({ LOG_LEVEL: 'silent' }), order, [doc(1)]));
    expect(mupdf.Document.openDocument(pdf, 'application/pdf').countPages()).toBe(1);
  });
});
