import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Mirrors priceSingleSide (the original API's `price` field). Paise. */
    price: integer('price').notNull(),
    /** Per printed page, paise. */
    priceSingleSide: integer('price_single_side').notNull(),
    /** Per sheet printed on both sides, paise. */
    priceDoubleSide: integer('price_double_side').notNull(),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    supportsSingleSide: boolean('supports_single_side').notNull().default(true),
    supportsDoubleSide: boolean('supports_double_side').notNull().default(true),
    printingType: text('printing_type').notNull().default('color'),
    paperSize: text('paper_size').notNull().default('a4'),
    paperType: text('paper_type').notNull().default('white_75gsm'),
    category: text('category').notNull().default('color_printing'),
    /** The name and description Telugu pages show, set by the admin; null shows the English (decision 038). */
    nameTe: text('name_te'),
    descriptionTe: text('description_te'),
    /** SAC this service's printing is billed under; null: the shop's default (GST_SAC_PRINTING, 998912). Decision 037. */
    sac: text('sac'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('services_category_idx').on(t.category, t.isActive, t.deleted)],
);

export const paperTypes = pgTable('paper_types', {
  id: serial('id').primaryKey(),
  /** Option value, e.g. white_75gsm. */
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  availableForSizes: jsonb('available_for_sizes').$type<string[]>().notNull(),
  availableForPrintingTypes: jsonb('available_for_printing_types').$type<string[]>().notNull(),
});
