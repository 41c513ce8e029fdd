import { z } from 'zod';
import { CATEGORIES, PAPER_SIZES, PAPER_TYPES, PRINTING_TYPES } from '../common/options.ts';

/** Service shapes as the API sends them (docs/api.md 'Service'): snake_case, money in rupees. */
export const serviceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** Mirrors price_single_side; rupees. */
    price: z.number(),
    /** Rupees per printed page. */
    price_single_side: z.number(),
    /** Rupees per sheet printed on both sides. */
    price_double_side: z.number(),
    image_url: z.string().nullable(),
    is_active: z.boolean(),
    deleted: z.boolean(),
    supports_single_side: z.boolean(),
    supports_double_side: z.boolean(),
    printing_type: z.enum(PRINTING_TYPES),
    paper_size: z.enum(PAPER_SIZES),
    paper_type: z.enum(PAPER_TYPES),
    category: z.enum(CATEGORIES),
    /** The name and description Telugu pages show (decision 038); null: the English ones. */
    name_te: z.string().nullable(),
    description_te: z.string().nullable(),
    /** The SAC its printing is billed under; null: the shop's default (998912). Decision 037. */
    sac: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;
export const serviceListSchema = z.array(serviceSchema);

export const SERVICE_MESSAGES = {
  name: 'Service name must be at least 3 characters',
  description: 'Description must be at least 10 characters',
  price: 'Price must be a positive number',
  pricePaise: 'Price must be in whole paise (at most 2 decimals), at least ₹0.01',
  priceHint: 'In rupees, at least ₹0.01, at most 2 decimals (e.g. 2 or 2.50)',
  notFound: 'Service not found',
  fetchFailed: 'Failed to fetch services',
} as const;

/** Largest service price, rupees. */
export const MAX_SERVICE_PRICE = 1_000_000;

/** A rupee amount is whole paise when ×100 is an integer (allowing for binary fractions such as 0.1 + 0.2). */
export function isWholePaise(rupees: number): boolean {
  const paise = rupees * 100;
  return Math.abs(paise - Math.round(paise)) < 1e-6;
}

/**
 * The message for a typed or sent service price, or null when it is valid. Money is held as integer paise, so a
 * price must be whole paise of at least 1 paisa: 0.001 would otherwise round to ₹0 and sell for nothing.
 */
export function servicePriceProblem(value: unknown): string | null {
  const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value.trim())) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return SERVICE_MESSAGES.price;
  if (!isWholePaise(n) || Math.round(n * 100) < 1) return SERVICE_MESSAGES.pricePaise;
  if (n > MAX_SERVICE_PRICE) return 'Price is too large';
  return null;
}

/** Prices are typed as text in the form and arrive as strings in multipart bodies: rupees, whole paise. */
export const servicePriceSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v.trim())) : v),
  z
    .number({ error: SERVICE_MESSAGES.price })
    .superRefine((n, ctx) => {
      const problem = servicePriceProblem(n);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((n) => Math.round(n * 100) / 100),
);

/** Booleans arrive as true/false or 'true'/'false' (multipart). */
export const formBooleanSchema = z.preprocess(
  (v) => (v === 'true' || v === 'on' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

/**
 * The back office's add/edit form and the create/update request body (JSON or multipart fields).
 * Defaults are what the admin's new-service form starts with.
 */
export const serviceFormSchema = z.object({
  name: z
    .string({ error: SERVICE_MESSAGES.name })
    .trim()
    .min(3, SERVICE_MESSAGES.name)
    .max(120, 'Service name must be at most 120 characters'),
  description: z
    .string({ error: SERVICE_MESSAGES.description })
    .trim()
    .min(10, SERVICE_MESSAGES.description)
    .max(2000, 'Description must be at most 2000 characters'),
  price_single_side: servicePriceSchema,
  price_double_side: servicePriceSchema,
  is_active: formBooleanSchema.default(true),
  supports_single_side: formBooleanSchema.default(true),
  supports_double_side: formBooleanSchema.default(true),
  printing_type: z.enum(PRINTING_TYPES, { error: 'Choose a printing type' }).default('color'),
  paper_size: z.enum(PAPER_SIZES, { error: 'Choose a paper size' }).default('a4'),
  paper_type: z.enum(PAPER_TYPES, { error: 'Choose a paper type' }).default('white_75gsm'),
  category: z.enum(CATEGORIES, { error: 'Choose a category' }).default('color_printing'),
  image_url: z.string().trim().max(500).nullable().optional(),
  /** Empty clears the Telugu text (Telugu pages then show the English). */
  name_te: z
    .string()
    .trim()
    .max(120, 'The Telugu name must be at most 120 characters')
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  description_te: z
    .string()
    .trim()
    .max(2000, 'The Telugu description must be at most 2000 characters')
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  sac: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^99\d{4}$/.test(v), 'A SAC for services has 6 digits starting with 99, e.g. 998912')
    .transform((v) => (v === undefined ? undefined : v || null)),
});
export type ServiceFormInput = z.input<typeof serviceFormSchema>;
export type ServiceForm = z.output<typeof serviceFormSchema>;

/** GET /api/services?category= */
export const serviceListQuerySchema = z.object({
  category: z.enum(CATEGORIES, { error: 'Unknown category' }).optional(),
});

/** GET /api/paper-types */
export const paperTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    label: z.string(),
    description: z.string(),
    available_for_sizes: z.array(z.string()),
    available_for_printing_types: z.array(z.string()),
  })
  .meta({ id: 'PaperType' });
export type PaperTypeInfo = z.infer<typeof paperTypeSchema>;
