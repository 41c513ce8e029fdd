import { describe, expect, it } from 'vitest';
import type { orders } from '../../src/db/schema/index.ts';
import { messageMail, orderLinesIn, orderMail } from '../../src/modules/notify/order-mails.ts';
import type { OrderDocumentRow } from '../../src/modules/orders/order-documents.ts';
import { refundMail } from '../../src/modules/refunds/refund-mail.ts';

const document = (over: Partial<OrderDocumentRow>): OrderDocumentRow => ({
  id: 1,
  orderId: 7,
  position: 1,
  serviceId: 1,
  serviceName: 'Color Printing A4',
  fileId: null,
  filePath: 'x.pdf',
  originalFilename: 'thesis.pdf',
  convertedFrom: null,
  printingType: 'color',
  paperType: 'white_75gsm',
  paperSize: 'a4',
  orientation: 'portrait',
  sides: 'single',
  copies: 1,
  pageCount: 40,
  pageRange: '',
  printedPages: 40,
  colourMode: 'all',
  colourPages: '',
  bwServiceId: null,
  lamination: false,
  spiralBinding: false,
  paperBinding: false,
  transparentSheet: false,
  printingCost: 0,
  bindingCost: 0,
  paperOriginal: false,
  sensitive: false,
  fileDeletedAt: null,
  fileDeletedReason: null,
  ...over,
});

const documents = [
  document({
    position: 1,
    originalFilename: 'thesis.pdf',
    pageRange: '12-40',
    printedPages: 29,
    copies: 2,
    colourMode: 'mixed',
    colourPages: '14, 20-21',
    sides: 'double',
    spiralBinding: true,
  }),
  document({
    position: 2,
    originalFilename: 'chart.pdf',
    pageCount: 1,
    printedPages: 1,
    orientation: 'landscape',
    printingType: 'bw',
    serviceName: 'Black & White A4',
  }),
];
const order = {
  orderNumber: 'PS-261125-ABCDE',
  totalAmount: 12_345,
  deliveryType: 'pickup',
  pickupCode: '123456',
  address: null,
} as unknown as typeof orders.$inferSelect;
const input = {
  order,
  documents,
  customerName: 'Padma',
  trackingUrl: 'http://shop/order-tracking/PS-261125-ABCDE',
  shop: { name: 'Shop', address: 'Guntur', phone: '+91 1' },
  language: 'en' as const,
};

/** Every mail lists each document with its options, as the customer chose them. */
describe('order mails list every document with its options', () => {
  const expected = [
    '1. thesis.pdf · pages 12-40 · 3 colour + 26 B&W · 2 copies',
    'Color Printing A4 · colour on pages 14, 20-21, the rest black & white · double-sided · A4 White 75 GSM · portrait · spiral binding',
    '2. chart.pdf · 1 page · B&W · 1 copy',
    'Black & White A4 · black & white · single-sided · A4 White 75 GSM · landscape',
  ];

  it('writes the colour pages, sides, paper, orientation and binding of each document', () => {
    expect(orderLinesIn('en', documents)).toEqual(expected);
  });

  it('in the confirmation, ready, done, message and refund mails alike', () => {
    const mails = [
      orderMail('confirmation', input).text,
      orderMail('ready', input).text,
      orderMail('done', input).text,
      messageMail({ ...input, body: 'Your spiral is blue.', from: 'Ramu' }).text,
      refundMail(
        { config: { publicUrl: 'http://shop' } } as never,
        order,
        { amount: 500, reason: 'Page 14 smudged', provider: 'counter' } as never,
        { name: 'Padma', language: 'en' },
        null,
        orderLinesIn('en', documents),
      ).text,
    ];
    for (const text of mails) for (const line of expected) expect(text).toContain(line);
  });

  it('in Telugu for a customer who reads Telugu: the colour pages and the orientation too', () => {
    const [first, second] = orderLinesIn('te', documents);
    expect(first).toBe('1. thesis.pdf · పేజీలు 12-40 · 3 కలర్ + 26 బ్లాక్ & వైట్ · 2 కాపీలు');
    expect(second).toContain('14, 20-21 పేజీలు కలర్‌లో');
    expect(orderLinesIn('te', documents)[3]).toContain('అడ్డంగా');
  });
});
