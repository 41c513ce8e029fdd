import { z } from 'zod';
import type { DocumentCost } from './price-order.ts';
import type { CostResult } from './pricing.ts';

/** The price as POST /api/pdf/calculate-cost answers it: rupees with two decimals; counts and the percent unchanged. */
export const costResultSchema = z
  .object({
    printingCost: z.number(),
    bindingCost: z.number(),
    additionalCost: z.number(),
    subtotal: z.number(),
    /** Percent: 0, 2, 4 or 5. */
    discountRate: z.number(),
    discountAmount: z.number(),
    totalCost: z.number(),
    pages: z.number().int(),
    copies: z.number().int(),
    totalSheets: z.number().int(),
    /** Spiral books (0 without spiral binding). */
    books: z.number().int(),
    /** The home-delivery charge for this total (pickup is free). */
    deliveryCharge: z.number(),
  })
  .meta({ id: 'CostResult' }) satisfies z.ZodType<CostResult>;

/** One document's share of an order's price (rupees, before the order's discount). */
export const documentCostResultSchema = z
  .object({
    printingCost: z.number(),
    bindingCost: z.number(),
    subtotal: z.number(),
    pages: z.number().int(),
    copies: z.number().int(),
    totalSheets: z.number().int(),
    books: z.number().int(),
    /** The pages it prints, normal form ("1-5, 8"); '' for all. */
    pageRange: z.string(),
    /** Of those, the pages in colour when only the colour pages print in colour ("4-6"); '' otherwise. */
    colourPages: z.string(),
  })
  .meta({ id: 'DocumentCostResult' }) satisfies z.ZodType<DocumentCost & { pageRange: string; colourPages: string }>;
export type DocumentCostResult = z.infer<typeof documentCostResultSchema>;

/** The price of an order of several documents: the order's figures and each document's. */
export const orderCostResultSchema = costResultSchema
  .extend({ documents: z.array(documentCostResultSchema) })
  .meta({ id: 'OrderCostResult' });
export type OrderCostResult = z.infer<typeof orderCostResultSchema>;

export type { CostResult };
