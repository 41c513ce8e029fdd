import { z } from 'zod';
import { defineRoute } from '../common/contract.ts';
import { calculateCostSchema, calculateOrderCostSchema } from '../orders/schemas.ts';
import { costResultSchema, orderCostResultSchema } from './schemas.ts';

export const pricingRoutes = {
  quote: defineRoute('POST', '/api/pdf/calculate-cost', {
    summary: 'The price of one document, or of an order of several',
    description: [
      'Customer. Changes nothing (logged like a read); rate-limited per account and address.',
      "An order: `{ documents: [{ fileId, options, pageRange?: '1-5, 8', colourMode?: 'all' | 'mixed' }] }` (1–20, each file once) → the order's figures and each document's (`documents`); a refusal names the document ('Document 2 (x.pdf): …').",
      "One document: `{ fileId?, pdfInfo: { pageCount }, options, pageRange? }` → its figures; with `fileId` the server's page count of the owner's upload is used.",
      "400 `print_options_not_offered` (with `fields`) when the service does not print the options' printingType, paperSize and paperType (decision 009); 400 when it does not offer the sides.",
    ].join(' '),
    tags: ['price'],
    body: z.union([calculateOrderCostSchema, calculateCostSchema]),
    response: { 200: z.union([orderCostResultSchema, costResultSchema]) },
  }),
};
