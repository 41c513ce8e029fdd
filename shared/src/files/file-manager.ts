import { z } from 'zod';

/**
 * The admin's file manager (/admin/file-manager; decision 026): the files the shop keeps, from the database, a page
 * at a time. Keeps the original API's fields (key, size, lastModified, downloadUrl, in `files`).
 */
export const FILE_MANAGER_SORTS = ['age', 'size', 'name'] as const;
export type FileManagerSort = (typeof FILE_MANAGER_SORTS)[number];
export const FILE_MANAGER_PAGE_SIZES = [25, 50, 100] as const;

export const fileManagerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (FILE_MANAGER_PAGE_SIZES as readonly number[]).includes(n))
    .catch(25)
    .default(25),
  sort: z.enum(FILE_MANAGER_SORTS).catch('age').default('age'),
  /** age desc = newest first; size desc = largest first; name asc = A to Z. */
  dir: z.enum(['asc', 'desc']).catch('desc').default('desc'),
});
export type FileManagerQuery = z.output<typeof fileManagerQuerySchema>;

/**
 * When a file goes: `upload` never ordered (UPLOAD_RETENTION_HOURS after upload); `draft` only in unpaid drafts (after
 * they expire); `after_ready` FILE_RETENTION_DAYS after its order is ready; `scheduled` on `deleteAt`;
 * `after_handover` a sensitive document, when its order is collected or delivered.
 */
export const DELETE_RULES = ['upload', 'draft', 'after_ready', 'scheduled', 'after_handover'] as const;
export type DeleteRule = (typeof DELETE_RULES)[number];

export const managedFileSchema = z.object({
  id: z.string(),
  /** Storage key (the original API's `key`). */
  key: z.string(),
  /** Bytes of the stored print copy. */
  size: z.number().int(),
  /** When it was uploaded (the original API's `lastModified`). */
  lastModified: z.string(),
  /** Null when the admin may not download it: a sensitive document, or an upload not in a paid order. */
  downloadUrl: z.string().nullable(),
  originalName: z.string(),
  kind: z.enum(['order_pdf', 'storage_test']),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The latest order holding it (a file printed again is in several). */
  order: z
    .object({
      id: z.number().int(),
      orderNumber: z.string(),
      status: z.string(),
      finished: z.boolean(),
      paid: z.boolean(),
    })
    .nullable(),
  /** Further orders that use the same file. */
  otherOrders: z.number().int(),
  sensitive: z.boolean(),
  /** The photo or office file the PDF was made from (deleted with it). */
  source: z.object({ format: z.string(), filename: z.string() }).nullable(),
  deleteRule: z.enum(DELETE_RULES),
  /** When the clean-up deletes it, when known. */
  deleteAt: z.string().nullable(),
});
export type ManagedFile = z.infer<typeof managedFileSchema>;

export const fileManagerPageSchema = z.object({
  files: z.array(managedFileSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(FILE_MANAGER_SORTS),
  dir: z.enum(['asc', 'desc']),
  retentionDays: z.number().int(),
  uploadRetentionHours: z.number(),
});
export type FileManagerPage = z.infer<typeof fileManagerPageSchema>;

/** DELETE /api/admin/files/:id. A file of an order not yet ready is deleted only when the admin confirmed that. */
export const fileDeleteSchema = z.object({ confirmUnfinished: z.boolean().default(false) });
export const fileDeleteResultSchema = z.object({ message: z.string(), id: z.string() });
export type FileDeleteResult = z.infer<typeof fileDeleteResultSchema>;

export const FILE_MANAGER_MESSAGES = {
  accessDenied: 'Access Denied - You need admin privileges to access this feature.',
  loadError: 'Error Loading Files',
  loadFailed: 'Failed to load files',
  empty: 'No files found in the admin bucket.',
  deleted: (name: string) => `${name} was deleted.`,
  unfinished: (orderNumber: string) =>
    `This file belongs to order ${orderNumber}, which is not ready yet: the counter could not print it any more.`,
  notFound: 'File not found',
  noDownload: 'This file cannot be downloaded here: it is a sensitive document, or not in a paid order.',
} as const;
