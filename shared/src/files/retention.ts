import { z } from 'zod';
import { shopDateFormat } from '../common/shop-clock.ts';

/**
 * How long the shop keeps customers' files (docs/decisions/026-file-retention.md): an order's
 * files are deleted FILE_RETENTION_DAYS after the order is ready (its print work done: completed, delivered or
 * collected); the customer may delete them sooner once the order is handed over; a sensitive document (ID card,
 * certificate) is printed but never downloaded by the shop, and deleted as soon as the order is handed over.
 * Every text a customer or the counter reads about it is here, in one place.
 */
export const DEFAULT_FILE_RETENTION_DAYS = 30;

/** The order is ready: the retention clock runs from the moment it first reached one of these (decision 026). */
export const FINISHED_STATUSES = ['completed', 'delivered', 'collected'] as const;
/** The customer has the paper: their own files may go, sensitive ones go at once. */
export const HANDED_OVER_STATUSES = ['delivered', 'collected'] as const;

export const isFinishedStatus = (status: string) => (FINISHED_STATUSES as readonly string[]).includes(status);
export const isHandedOverStatus = (status: string) => (HANDED_OVER_STATUSES as readonly string[]).includes(status);

/** Why a document's file is gone. */
export const FILE_DELETION_REASONS = ['retention', 'customer', 'sensitive', 'admin'] as const;
export type FileDeletionReason = (typeof FILE_DELETION_REASONS)[number];

/** 24 December 2026, in India's time. */
export const formatIstDate = (iso: string | Date) =>
  shopDateFormat({ day: 'numeric', month: 'long', year: 'numeric' }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export const SENSITIVE_LABEL = 'Sensitive document (ID card, certificate)';

export const FILE_MESSAGES = {
  sensitiveHint:
    'The shop prints it but cannot download it, and deletes it as soon as your order is collected or delivered.',
  sensitiveBadge: 'Sensitive: print only',
  sensitiveNoDownload:
    'This is a sensitive document (ID card, certificate): the shop can print it but not download it.',
  /** The promise on tracking, before the order is ready. */
  promiseBeforeReady: (retentionDays: number) =>
    `Your files are deleted ${days(retentionDays)} after your order is ready.`,
  /** The promise once the date is known. */
  promiseDated: (deleteAt: string, retentionDays: number) =>
    `Your files are deleted on ${formatIstDate(deleteAt)}, ${days(retentionDays)} after your order was ready.`,
  sensitivePromise: 'Sensitive documents are deleted as soon as you collect your order.',
  sensitivePromiseDelivery: 'Sensitive documents are deleted as soon as your order is delivered.',
  deletedOn: (at: string) => `Your files were deleted on ${formatIstDate(at)}.`,
  title: 'Your files',
  deleteNow: 'Delete my files now',
  deleteConfirmTitle: 'Delete your files now?',
  deleting: 'Deleting…',
  cancel: 'Cancel',
  deleteFailed: 'Your files could not be deleted. Please try again.',
  deleteConfirm:
    'Delete the files of this order now? The shop keeps the order and its bill, but cannot print it again from these files.',
  deleted: 'Your files are deleted.',
  alreadyDeleted: 'The files of this order are already deleted.',
  notHandedOverPickup: 'You can delete your files once you have collected your order.',
  notHandedOverDelivery: 'You can delete your files once your order is delivered.',
  /** The counter card's note on a document whose file is gone. */
  fileDeletedNote: (at: string | null | undefined) =>
    at ? `File deleted on ${formatIstDate(at)}` : 'File no longer stored',
  /** Download of a document whose file is gone, by why. */
  fileGone: (reason: FileDeletionReason | null, at: string | null, retentionDays: number) => {
    const on = at ? ` on ${formatIstDate(at)}` : '';
    switch (reason) {
      case 'retention':
        return `This file was deleted${on}, ${days(retentionDays)} after the order was ready. Ask the customer to upload it again.`;
      case 'customer':
        return `The customer deleted this file${on}.`;
      case 'sensitive':
        return `This sensitive document was deleted when the order was handed over${on}.`;
      case 'admin':
        return `This file was deleted by the shop${on}.`;
      default:
        return 'This file is no longer stored.';
    }
  },
} as const;

/** The files part of an order's detail (GET /api/orders/:ref): the promise the customer reads on tracking. */
export const orderFilesSchema = z.object({
  retention_days: z.number().int(),
  /** When the files are deleted; null until the order is ready (or once they are gone). */
  delete_at: z.string().nullable(),
  /** When the last of the order's files was deleted; null while any is kept (or when not recorded). */
  deleted_at: z.string().nullable(),
  /** Documents whose file the shop still keeps. */
  kept_files: z.number().int(),
  /** Some document is sensitive: deleted at handover. */
  has_sensitive: z.boolean(),
  /** The order is handed over and files remain: the customer may delete them now. */
  can_delete: z.boolean(),
});
export type OrderFiles = z.infer<typeof orderFilesSchema>;

/** DELETE /api/orders/:ref/files: the customer's "Delete my files now". */
export const deleteOwnFilesResultSchema = z.object({
  message: z.string(),
  deleted: z.number().int(),
  files: orderFilesSchema,
});
export type DeleteOwnFilesResult = z.infer<typeof deleteOwnFilesResultSchema>;
