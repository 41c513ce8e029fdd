import { FILE_MANAGER_MESSAGES, type ManagedFile } from '@shop/shared/files/file-manager';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteFile } from '../api';
import { FILE_MANAGER_TEXTS as T } from '../texts';

/** Delete with confirmation; a file of an order the counter has not finished says so first. */
export function DeleteFileDialog({
  file,
  onClose,
  onDeleted,
}: {
  file: ManagedFile;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteFile();
  const unfinished = file.order && file.order.paid && !file.order.finished ? file.order.orderNumber : null;
  const confirm = async () => {
    try {
      const r = await remove.mutateAsync({ id: file.id, confirmUnfinished: Boolean(unfinished) });
      toast({ title: T.deleted, description: r.message, variant: 'success' });
      onDeleted?.();
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, T.deleteFailed), variant: 'destructive' });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={T.deleteTitle} description={T.deleteBody(file)}>
      {unfinished && (
        <p
          role="alert"
          className="mb-4 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />{' '}
          {FILE_MANAGER_MESSAGES.unfinished(unfinished)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" className="h-11 sm:h-10" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button variant="destructive" className="h-11 sm:h-10" disabled={remove.isPending} onClick={confirm}>
          {unfinished ? T.deleteAnyway : T.delete}
        </Button>
      </div>
    </Dialog>
  );
}
