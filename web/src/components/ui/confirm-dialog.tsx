import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * The app's one "are you sure?": before something that cannot be taken back (delete, deactivate all, revoke,
 * discard) or should not happen twice by mistake (print again). Cancel comes first and takes the focus, so Enter or a stray tap does nothing harmful; Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'destructive',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: string;
  /** `default` for a confirmation that destroys nothing (print an order again). */
  tone?: 'destructive' | 'default';
  /** The action is under way: its button waits. */
  busy?: boolean;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" className="h-11 sm:h-10" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={tone} className="h-11 sm:h-10" disabled={busy} onClick={() => void onConfirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
