import type { SettableStatus } from '@shop/shared/common/status';
import type { OrderDocumentDto } from '@shop/shared/orders/order';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fetchFile } from '@/lib/api-file';
import { currentLanguage } from '@/lib/i18n/i18n';
import { localizeMessage } from '@/lib/i18n/messages';
import { backOfficeStatusLabel } from '@/lib/i18n/words';
import { toast } from '@/lib/toast';
import { counterText as t } from './texts';
import { useSetStatus, type BackOfficeOrder } from './api';

/** The file name the server gives in Content-Disposition (UTF-8 form first), else the order's own. */
export function downloadFileName(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through */
    }
  }
  const plain = disposition?.match(/filename="([^"]+)"/i);
  return plain?.[1] ?? fallback;
}

/** What a download needs: its address and the name to fall back on. */
export type DownloadableDocument = Pick<OrderDocumentDto, 'download_url' | 'original_filename'>;

/**
 * Fetches an order's PDF and hands it to the browser as a download, so a failure can be told in words
 * instead of a broken tab. The server marks an unvisited order visited when its file is fetched.
 */
export async function downloadOrderFile(order: DownloadableDocument): Promise<void> {
  let file: Awaited<ReturnType<typeof fetchFile>>;
  try {
    // The address the server gave with the order (a route of its contract, with the document's position).
    file = await fetchFile(order.download_url);
  } catch (err) {
    // The server's refusal in words (a deleted file, a sensitive document); anything else said plainly.
    throw new Error(
      err instanceof ApiError && err.code && err.code !== 'network'
        ? t('actions.downloadFailedReason', { reason: localizeMessage(err.message) })
        : t('actions.downloadFailedPdf'),
      { cause: err },
    );
  }
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = downloadFileName(file.headers.get('content-disposition'), order.original_filename || 'document.pdf');
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Status change and file download with their fixed messages, tracked per order so other cards stay usable. */
export function useOrderActions(scope: 'admin' | 'staff') {
  const setStatus = useSetStatus(scope);
  const qc = useQueryClient();
  const [pending, setPending] = useState<{ id: number; status: string } | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  return {
    /** The status being saved for this order, shown at once while the request runs. */
    pendingStatus: (order: BackOfficeOrder) => (pending?.id === order.id ? pending.status : undefined),
    isDownloading: (order: BackOfficeOrder) => downloading === order.id,
    changeStatus: async (order: BackOfficeOrder, status: SettableStatus, reason?: string) => {
      setPending({ id: order.id, status });
      try {
        await setStatus.mutateAsync({ id: order.id, status, reason });
        // The fixed English words ('Order status updated to completed'), the back office's label in Telugu.
        toast({
          title: t('actions.statusUpdated'),
          description: t('actions.statusUpdatedTo', {
            status: currentLanguage() === 'en' ? status : backOfficeStatusLabel(status, order.delivery_type),
          }),
          variant: 'success',
        });
      } catch (err) {
        toast({
          title: t('actions.error'),
          description: errorMessage(err, t('actions.statusFailed')),
          variant: 'destructive',
        });
      } finally {
        setPending((p) => (p?.id === order.id ? null : p));
      }
    },
    /** One of the order's documents as it prints (exactly the pages paid for); the first when none is named. */
    download: async (order: BackOfficeOrder, document?: DownloadableDocument) => {
      setDownloading(order.id);
      try {
        await downloadOrderFile(document ?? order.documents[0]!);
      } catch (err) {
        toast({ title: t('actions.downloadFailed'), description: (err as Error).message, variant: 'destructive' });
      } finally {
        setDownloading((d) => (d === order.id ? null : d));
        void qc.invalidateQueries({ queryKey: ['orders'] });
      }
    },
  };
}
