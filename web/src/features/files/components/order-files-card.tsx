import type { OrderFiles } from '@shop/shared/files/retention';
import { ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDate } from '@/lib/format';
import { localizeMessage } from '@/lib/i18n/messages';
import { useDeleteOwnFiles } from '../api';
import { filesText as t, useFilesText } from '../texts';

/** What the customer is told about their files (docs/decisions/026). */
function promiseLines(files: OrderFiles, deliveryType: string): string[] {
  if (files.kept_files === 0)
    return [files.deleted_at ? t('deletedOn', { date: formatDate(files.deleted_at) }) : t('deleted')];
  const days = files.retention_days;
  const lines = [
    files.delete_at
      ? t('promiseDated', { date: formatDate(files.delete_at), days })
      : t('promiseBeforeReady', { days }),
  ];
  if (files.has_sensitive && !files.can_delete)
    lines.push(t(deliveryType === 'pickup' ? 'sensitivePromise' : 'sensitivePromiseDelivery'));
  return lines;
}

/** Tracking: when the shop deletes the order's files, and "Delete my files now" once the order is handed over. */
export function OrderFilesCard({
  orderNumber,
  files,
  deliveryType,
}: {
  orderNumber: string;
  files: OrderFiles | undefined;
  deliveryType: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteOwnFiles(orderNumber);
  useFilesText();
  if (!files) return null;
  const onDelete = async () => {
    try {
      const r = await remove.mutateAsync();
      toast({ title: t('title'), description: localizeMessage(r.message), variant: 'success' });
      setConfirming(false);
    } catch (err) {
      toast({ title: t('title'), description: errorMessage(err, t('deleteFailed')), variant: 'destructive' });
    }
  };
  return (
    <Card data-testid="order-files">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-2">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
          <div className="space-y-1">
            {promiseLines(files, deliveryType).map((l) => (
              <p key={l}>{l}</p>
            ))}
          </div>
        </div>
        {files.can_delete && (
          <Button variant="outline" className="h-11 shrink-0 sm:h-10" onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden /> {t('deleteNow')}
          </Button>
        )}
      </CardContent>
      {confirming && (
        <Dialog
          open
          onOpenChange={(o) => !o && setConfirming(false)}
          title={t('deleteConfirmTitle')}
          description={t('deleteConfirm')}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" className="h-11 sm:h-10" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button variant="destructive" className="h-11 sm:h-10" disabled={remove.isPending} onClick={onDelete}>
              {remove.isPending ? t('deleting') : t('deleteNow')}
            </Button>
          </div>
        </Dialog>
      )}
    </Card>
  );
}
