import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './staff.ts';
import { users } from './users.ts';

/** A run of consecutive pages of one size, in page order (a 3,000-page manual is a handful of these). */
export interface PageSizeGroup {
  /** Points, as printed (rotation applied). */
  width: number;
  height: number;
  /** a4, a3, letter, legal or 'custom'. */
  size: string;
  /** Pages in the run. */
  count: number;
}

/**
 * Every stored object: customers' PDFs, service images, storage-test files.
 * A row exists only once the object is completely stored and checked.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A file a clerk uploaded at the counter for a walk-in order (decision 025); the admin's carry ownerUserId. */
    uploadedByStaffId: integer('uploaded_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['order_pdf', 'service_image', 'storage_test'] }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    originalFilename: text('original_filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count'),
    /** Runs of equal page sizes (never read by quotes or orders: they select the columns they need). */
    pageSizes: jsonb('page_sizes').$type<PageSizeGroup[]>(),
    /**
     * A PDF made from a photo or an office document (docs/decisions/017): the file as the customer sent it, kept for
     * the counter to download; its format (docx, jpeg…) and name. Null for a PDF sent as a PDF.
     */
    sourceKey: text('source_key'),
    /** The 1-based pages that hold colour, found once when first asked for (docs/decisions/016). */
    colourPages: jsonb('colour_pages').$type<number[]>(),
    /**
     * The rules the stored PDF (`storageKey`) was made by as the print copy (docs/decisions/032): 1 = annotations
     * flattened, layers resolved, separations given their process colour. Null: stored by an earlier release as
     * uploaded; its print copy is made the first time its pages are looked at (pdf/legacy-print-copy.ts). 0: such a
     * file whose print copy could not be made (it no longer passes a limit): used as stored, not tried again.
     */
    printCopy: smallint('print_copy'),
    /**
     * When an earlier release's file got its print copy: the file it had stored, which orders placed before still
     * print (their document's `file_path`). Deleted with the row.
     */
    replacedKey: text('replaced_key'),
    sourceFormat: text('source_format'),
    sourceFilename: text('source_filename'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerUserId, t.createdAt),
    // A clerk's counter uploads (their quota, decision 025).
    index('files_staff_idx').on(t.uploadedByStaffId, t.createdAt),
    // The admin's file manager: pages sorted by age, size or name (docs/decisions/026).
    index('files_created_idx').on(t.createdAt, t.id),
    index('files_size_idx').on(t.sizeBytes, t.id),
    index('files_name_idx').on(t.originalFilename, t.id),
  ],
);
