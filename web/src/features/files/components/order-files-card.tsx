import { FILE_MESSAGES, type OrderFiles } from '@shop/shared/files/retention';
import { ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteOwnFiles } from '../api';

/** What the customer is told about their files (docs/decisions/026). */
function promiseLines(files: OrderFiles, deliveryType: string): string[] {
  if (files.kept_files === 0) return [files.deleted_at ? FILE_MESSAGES.deletedOn(files.deleted_at) : FILE_MESSAGES.deleted];
  const lines = [files.delete_at ? FILE_MESSAGES.promiseDated(files.delete_at, files.retention_days) : FILE_MESSAGES.promiseBeforeReady(files.retention_days)];
  if (files.has_sensitive && !files.can_delete) lines.push(deliveryType === 'pickup' ? FILE_MESSAGES.sensitivePromise : FILE_MESSAGES.sensitivePromiseDelivery);
  return lines;
}

/** Tracking: when the shop deletes the order's files, and "Delete my files now" once the order is handed over. */
export function OrderFilesCard({ orderNumber, files, deliveryType }: { orderNumber: string; files: OrderFiles | undefined; deliveryType: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteOwnFiles(orderNumber);
  if (!files) return null;
  const onDelete = async () => {
    try {
      const r = await remove.mutateAsync();
      toast({ title: FILE_MESSAGES.title, description: r.message, variant: 'success' });
      setConfirming(false);
    } catch (err) {
      toast({ title: FILE_MESSAGES.title, description: errorMessage(err, FILE_MESSAGES.deleteFailed), variant: 'destructive' });
    }
  };
  return (
    <Card data-testid="order-files">
      <CardHeader><CardTitle>{FILE_MESSAGES.title}</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-2">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
          <div className="space-y-1">{promiseLines(files, deliveryType).map((l) => <p key={l}>{l}</p>)}</div>
        </div>
        {files.can_delete && (
          <Button variant="outline" className="h-11 shrink-0 sm:h-10" onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden /> {FILE_MESSAGES.deleteNow}
          </Button>
        )}
      </CardContent>
      {confirming && (
        <Dialog open onOpenChange={(o) => !o && setConfirming(false)} title={FILE_MESSAGES.deleteConfirmTitle} description={FILE_MESSAGES.deleteConfirm}>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" className="h-11 sm:h-10" onClick={() => setConfirming(false)}>{FILE_MESSAGES.cancel}</Button>
            <Button variant="destructive" className="h-11 sm:h-10" disabled={remove.isPending} onClick={onDelete}>
              {remove.isPending ? FILE_MESSAGES.deleting : FILE_MESSAGES.deleteNow}
            </Button>
          </div>
        </Dialog>
      )}
    </Card>
  );
}
