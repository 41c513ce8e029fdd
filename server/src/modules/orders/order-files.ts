import type { OrderFiles } from '@shop/shared/files/retention';
import { isHandedOverStatus } from '@shop/shared/files/retention';
import type { OrderDocumentDto } from '@shop/shared/orders/order';
import type { Config } from '../../config/env.ts';
import type { OrderRow } from './orders.repository.ts';

const DAY = 86_400_000;

/** When an order's files are due: FILE_RETENTION_DAYS after it became ready (files/retention.ts deletes them then). */
export const filesDueAt = (config: Pick<Config, 'FILE_RETENTION_DAYS'>, completedAt: Date) =>
  new Date(completedAt.getTime() + config.FILE_RETENTION_DAYS * DAY);

/**
 * What the customer is promised about an order's files (tracking; docs/decisions/026): when they go, whether they
 * are gone, and whether "Delete my files now" is open (after handover, while any file is kept).
 */
export function orderFilesOf(
  config: Pick<Config, 'FILE_RETENTION_DAYS'>,
  order: Pick<OrderRow, 'status' | 'completedAt' | 'filesDeletedAt'>,
  documents: readonly OrderDocumentDto[],
): OrderFiles {
  const kept = documents.filter((d) => d.file_id).length;
  const deletedTimes = documents
    .map((d) => d.file_deleted_at)
    .filter((t): t is string => !!t)
    .sort();
  const deletedAt = kept === 0 ? (deletedTimes.at(-1) ?? order.filesDeletedAt?.toISOString() ?? null) : null;
  return {
    retention_days: config.FILE_RETENTION_DAYS,
    delete_at: kept > 0 && order.completedAt ? filesDueAt(config, order.completedAt).toISOString() : null,
    deleted_at: deletedAt,
    kept_files: kept,
    has_sensitive: documents.some((d) => d.sensitive),
    can_delete: kept > 0 && isHandedOverStatus(order.status),
  };
}
