import { z } from 'zod';
import type { ShopConfig } from './shop-config.ts';

/** GET /api/config (shop-config.ts holds the type without zod: it is in the customer's first page). */
export const shopConfigSchema = z
  .object({
    name: z.string(),
    tagline: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    mapQuery: z.string(),
    hours: z.string(),
    sourceUrl: z.string(),
    deliveryPincodes: z.array(z.string()),
    pickupPincode: z.string(),
    payments: z.object({
      provider: z.enum(['sandbox', 'razorpay']),
      keyId: z.string(),
      checkoutUrl: z.string(),
      testMode: z.boolean(),
    }),
    officeFormats: z.boolean(),
    /** Orders' files are deleted this many days after the order is ready (FILE_RETENTION_DAYS). */
    fileRetentionDays: z.number().int(),
    gst: z.object({
      status: z.enum(['unregistered', 'composition', 'regular']),
      stateCode: z.string(),
      rateBp: z.number().int(),
    }),
    /** The shop's texts as Telugu pages show them; a text missing here is shown as in English. */
    te: z.object({ name: z.string(), tagline: z.string(), address: z.string(), hours: z.string() }).partial(),
  })
  .meta({ id: 'ShopConfig' }) satisfies z.ZodType<ShopConfig>;
