import { and, eq, inArray } from 'drizzle-orm';
import { FILE_MESSAGES } from '@shop/shared/files/retention';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { orderDocuments } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import type { OrderDocumentRow } from './order-documents.ts';

type GuardedDocument = Pick<OrderDocumentRow, 'fileId' | 'sensitive' | 'fileDeletedAt' | 'fileDeletedReason'>;

/**
 * Every download of an order's document goes through here (docs/decisions/026): a deleted file answers 410 saying
 * when and why; a sensitive document (ID card, certificate) is never served to staff or the admin, only to the
 * customer who ordered it. The print agent gets it through its own route, so the shop can still print it.
 */
export function assertDocumentDownloadable(
  config: Pick<Config, 'FILE_RETENTION_DAYS'>,
  principal: Principal | null,
  orderUserId: number | null,
  doc: GuardedDocument,
): void {
  const isOwner = principal?.kind === 'user' && principal.user.id === orderUserId;
  if (doc.sensitive && !isOwner) throw new AppError('sensitive_document', 403, FILE_MESSAGES.sensitiveNoDownload);
  if (!doc.fileId) {
    throw new AppError(
      'file_deleted',
      410,
      FILE_MESSAGES.fileGone(
        doc.fileDeletedReason ?? null,
        doc.fileDeletedAt?.toISOString() ?? null,
        config.FILE_RETENTION_DAYS,
      ),
    );
  }
}

/**
 * Of these files, those already in a sensitive document: a file once ticked sensitive stays so in every later order
 * ("Print again" of an ID card must not make it downloadable through the new order).
 */
export async function filesOnceSensitive(db: Db, fileIds: readonly string[]): Promise<Set<string>> {
  if (!fileIds.length) return new Set();
  const rows = await db
    .selectDistinct({ fileId: orderDocuments.fileId })
    .from(orderDocuments)
    .where(and(inArray(orderDocuments.fileId, [...fileIds]), eq(orderDocuments.sensitive, true)));
  return new Set(rows.map((r) => r.fileId!));
}
